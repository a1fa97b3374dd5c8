-- GetSpecialization: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."specialization_id" as "specialization_id", "m"."status" as "specialization_status", "m"."specialization" as "specialization"
  from "specializations" as "m"
  order by "m"."specialization" asc, "m"."specialization_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "specializations"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."specialization_id" as "specialization_id", "m"."status" as "specialization_status", "m"."specialization" as "specialization"
  from "specializations" as "m"
  where ("m"."specialization" ILIKE $1)
  order by "m"."specialization" asc, "m"."specialization_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."specialization_id" as "specialization_id", "m"."status" as "specialization_status", "m"."specialization" as "specialization"
    from "specializations" as "m"
    where ("m"."specialization" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
