-- GetAgencies: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "a"."phone_1", "a"."email_address"
  from "agencies" as "a"
  order by "a"."agency_id" asc, "a"."agency_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "a"."phone_1", "a"."email_address"
    from "agencies" as "a"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "a"."phone_1", "a"."email_address"
  from "agencies" as "a";

select "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "a"."phone_1", "a"."email_address"
  from "agencies" as "a"
  where ("a"."agency_name" ILIKE $1 OR "a"."owner_name" ILIKE $2 OR "a"."contact_person" ILIKE $3 OR "a"."phone_1" ILIKE $4 OR "a"."email_address" ILIKE $5) and "a"."agency_id" = ANY ($6)
  order by ROW("a"."agency_id", "a"."agency_id") asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "a"."phone_1", "a"."email_address", "a"."agency_id" as "match_key", "a"."agency_id" as "sort_key"
    from "agencies" as "a"
    where ("a"."agency_name" ILIKE $2 OR "a"."owner_name" ILIKE $3 OR "a"."contact_person" ILIKE $4 OR "a"."phone_1" ILIKE $5 OR "a"."email_address" ILIKE $6)
    limit $7) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "a"."phone_1", "a"."email_address"
  from "agencies" as "a"
  order by "a"."agency_id" asc, "a"."agency_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "a"."phone_1", "a"."email_address"
    from "agencies" as "a"
    limit $1) as "counted";
