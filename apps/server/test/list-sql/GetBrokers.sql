-- GetBrokers: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "b"."broker_id", "b"."broker_name", "b"."email_address", "b"."phone_1", "b"."broker_license_number"
  from "brokers" as "b"
  order by "b"."broker_id" asc, "b"."broker_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "b"."broker_id", "b"."broker_name", "b"."email_address", "b"."phone_1", "b"."broker_license_number"
    from "brokers" as "b"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "b"."broker_id", "b"."broker_name", "b"."email_address", "b"."phone_1", "b"."broker_license_number"
  from "brokers" as "b";

select "b"."broker_id", "b"."broker_name", "b"."email_address", "b"."phone_1", "b"."broker_license_number"
  from "brokers" as "b"
  where ("b"."broker_name" ILIKE $1 OR "b"."email_address" ILIKE $2 OR "b"."phone_1" ILIKE $3 OR "b"."broker_license_number" ILIKE $4) and "b"."broker_id" = ANY ($5)
  order by ROW("b"."broker_id", "b"."broker_id") asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "b"."broker_id", "b"."broker_name", "b"."email_address", "b"."phone_1", "b"."broker_license_number", "b"."broker_id" as "match_key", "b"."broker_id" as "sort_key"
    from "brokers" as "b"
    where ("b"."broker_name" ILIKE $2 OR "b"."email_address" ILIKE $3 OR "b"."phone_1" ILIKE $4 OR "b"."broker_license_number" ILIKE $5)
    limit $6) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "b"."broker_id", "b"."broker_name", "b"."email_address", "b"."phone_1", "b"."broker_license_number"
  from "brokers" as "b"
  order by "b"."broker_id" asc, "b"."broker_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "b"."broker_id", "b"."broker_name", "b"."email_address", "b"."phone_1", "b"."broker_license_number"
    from "brokers" as "b"
    limit $1) as "counted";
