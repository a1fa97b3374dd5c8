-- GetCapability: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."capability_id" as "capability_id", "m"."status" as "capability_status", "m"."capability_name" as "capability_name"
  from "capabilities" as "m"
  order by "m"."capability_name" asc, "m"."capability_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "capabilities"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."capability_id" as "capability_id", "m"."status" as "capability_status", "m"."capability_name" as "capability_name"
  from "capabilities" as "m"
  where ("m"."capability_name" ILIKE $1)
  order by "m"."capability_name" asc, "m"."capability_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."capability_id" as "capability_id", "m"."status" as "capability_status", "m"."capability_name" as "capability_name"
    from "capabilities" as "m"
    where ("m"."capability_name" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
