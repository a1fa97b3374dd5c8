-- GetBrokerAssociations: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "ba"."broker_association_id", "ba"."broker_association_name", "ba"."email_address", "ba"."phone_1", "ba"."contact_person"
  from "broker_associations" as "ba"
  order by "ba"."broker_association_id" asc, "ba"."broker_association_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "ba"."broker_association_id", "ba"."broker_association_name", "ba"."email_address", "ba"."phone_1", "ba"."contact_person"
    from "broker_associations" as "ba"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "ba"."broker_association_id", "ba"."broker_association_name", "ba"."email_address", "ba"."phone_1", "ba"."contact_person"
  from "broker_associations" as "ba";

select "ba"."broker_association_id", "ba"."broker_association_name", "ba"."email_address", "ba"."phone_1", "ba"."contact_person"
  from "broker_associations" as "ba"
  where ("ba"."broker_association_name" ILIKE $1 OR "ba"."email_address" ILIKE $2 OR "ba"."phone_1" ILIKE $3 OR "ba"."contact_person" ILIKE $4) and "ba"."broker_association_id" = ANY ($5)
  order by ROW("ba"."broker_association_id", "ba"."broker_association_id") asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "ba"."broker_association_id", "ba"."broker_association_name", "ba"."email_address", "ba"."phone_1", "ba"."contact_person", "ba"."broker_association_id" as "match_key", "ba"."broker_association_id" as "sort_key"
    from "broker_associations" as "ba"
    where ("ba"."broker_association_name" ILIKE $2 OR "ba"."email_address" ILIKE $3 OR "ba"."phone_1" ILIKE $4 OR "ba"."contact_person" ILIKE $5)
    limit $6) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "ba"."broker_association_id", "ba"."broker_association_name", "ba"."email_address", "ba"."phone_1", "ba"."contact_person"
  from "broker_associations" as "ba"
  order by "ba"."broker_association_id" asc, "ba"."broker_association_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "ba"."broker_association_id", "ba"."broker_association_name", "ba"."email_address", "ba"."phone_1", "ba"."contact_person"
    from "broker_associations" as "ba"
    limit $1) as "counted";
