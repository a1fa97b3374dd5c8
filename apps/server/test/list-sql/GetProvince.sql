-- GetProvince: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."province_id" as "province_id", "m"."status" as "province_status", "m"."province_name" as "province_name"
  from "provinces" as "m"
  order by "m"."province_name" asc, "m"."province_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "provinces"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."province_id" as "province_id", "m"."status" as "province_status", "m"."province_name" as "province_name"
  from "provinces" as "m"
  where ("m"."province_name" ILIKE $1)
  order by "m"."province_name" asc, "m"."province_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."province_id" as "province_id", "m"."status" as "province_status", "m"."province_name" as "province_name"
    from "provinces" as "m"
    where ("m"."province_name" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
