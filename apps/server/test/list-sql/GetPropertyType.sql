-- GetPropertyType: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."property_type_id" as "property_type_id", "m"."status" as "property_type_status", "m"."property_type" as "property_type", "m"."dwelling_type" as "dwelling_type"
  from "property_types" as "m"
  order by "m"."property_type" asc, "m"."property_type_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "property_types"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."property_type_id" as "property_type_id", "m"."status" as "property_type_status", "m"."property_type" as "property_type", "m"."dwelling_type" as "dwelling_type"
  from "property_types" as "m"
  where ("m"."property_type" ILIKE $1)
  order by "m"."property_type" asc, "m"."property_type_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."property_type_id" as "property_type_id", "m"."status" as "property_type_status", "m"."property_type" as "property_type", "m"."dwelling_type" as "dwelling_type"
    from "property_types" as "m"
    where ("m"."property_type" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
