-- GetMasterAmenities: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."id" as "id", "m"."status" as "amenity_status", "m"."name" as "name"
  from "amenities" as "m"
  order by "m"."name" asc, "m"."id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "amenities"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."id" as "id", "m"."status" as "amenity_status", "m"."name" as "name"
  from "amenities" as "m"
  where ("m"."name" ILIKE $1)
  order by "m"."name" asc, "m"."id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."id" as "id", "m"."status" as "amenity_status", "m"."name" as "name"
    from "amenities" as "m"
    where ("m"."name" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
