-- getagency: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "o"."agency_id" as "agency_id", "o"."agency_name" as "agency_name", "o"."owner_name" as "owner_name", "o"."contact_person" as "contact_person", "o"."phone_1" as "phone_1", "o"."email_address" as "email_address", "o"."status" as "status"
  from "agencies" as "o"
  order by "o"."agency_name" asc, "o"."agency_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "o"."agency_id" as "agency_id", "o"."agency_name" as "agency_name", "o"."owner_name" as "owner_name", "o"."contact_person" as "contact_person", "o"."phone_1" as "phone_1", "o"."email_address" as "email_address", "o"."status" as "status"
    from "agencies" as "o"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "o"."agency_id" as "agency_id", "o"."agency_name" as "agency_name", "o"."owner_name" as "owner_name", "o"."contact_person" as "contact_person", "o"."phone_1" as "phone_1", "o"."email_address" as "email_address", "o"."status" as "status"
  from "agencies" as "o"
  where ("o"."agency_name" ILIKE $1 OR "o"."owner_name" ILIKE $2 OR "o"."contact_person" ILIKE $3 OR "o"."phone_1" ILIKE $4 OR "o"."email_address" ILIKE $5)
  order by "o"."agency_name" asc, "o"."agency_id" asc
  limit $6
  offset $7;

select count(*) as "n"
  from (select "o"."agency_id" as "agency_id", "o"."agency_name" as "agency_name", "o"."owner_name" as "owner_name", "o"."contact_person" as "contact_person", "o"."phone_1" as "phone_1", "o"."email_address" as "email_address", "o"."status" as "status"
    from "agencies" as "o"
    where ("o"."agency_name" ILIKE $1 OR "o"."owner_name" ILIKE $2 OR "o"."contact_person" ILIKE $3 OR "o"."phone_1" ILIKE $4 OR "o"."email_address" ILIKE $5)
    limit $6) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
