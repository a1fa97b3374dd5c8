-- GetZonningCode: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."zonning_code_id" as "zonning_code_id", "m"."status" as "zonning_code_status", "m"."zonning_code" as "zonning_code"
  from "zoning_codes" as "m"
  order by "m"."zonning_code" asc, "m"."zonning_code_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "zoning_codes"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."zonning_code_id" as "zonning_code_id", "m"."status" as "zonning_code_status", "m"."zonning_code" as "zonning_code"
  from "zoning_codes" as "m"
  where ("m"."zonning_code" ILIKE $1)
  order by "m"."zonning_code" asc, "m"."zonning_code_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."zonning_code_id" as "zonning_code_id", "m"."status" as "zonning_code_status", "m"."zonning_code" as "zonning_code"
    from "zoning_codes" as "m"
    where ("m"."zonning_code" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
