-- getbrokerassociation: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "o"."broker_association_id" as "broker_association_id", "o"."broker_association_name" as "broker_association_name", "o"."contact_person" as "contact_person", "o"."email_address" as "email_address", "o"."phone_1" as "phone_1", "o"."status" as "broker_association_status"
  from "broker_associations" as "o"
  order by "o"."broker_association_name" asc, "o"."broker_association_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "o"."broker_association_id" as "broker_association_id", "o"."broker_association_name" as "broker_association_name", "o"."contact_person" as "contact_person", "o"."email_address" as "email_address", "o"."phone_1" as "phone_1", "o"."status" as "broker_association_status"
    from "broker_associations" as "o"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "o"."broker_association_id" as "broker_association_id", "o"."broker_association_name" as "broker_association_name", "o"."contact_person" as "contact_person", "o"."email_address" as "email_address", "o"."phone_1" as "phone_1", "o"."status" as "broker_association_status"
  from "broker_associations" as "o"
  where ("o"."broker_association_name" ILIKE $1 OR "o"."contact_person" ILIKE $2 OR "o"."email_address" ILIKE $3 OR "o"."phone_1" ILIKE $4)
  order by "o"."broker_association_name" asc, "o"."broker_association_id" asc
  limit $5
  offset $6;

select count(*) as "n"
  from (select "o"."broker_association_id" as "broker_association_id", "o"."broker_association_name" as "broker_association_name", "o"."contact_person" as "contact_person", "o"."email_address" as "email_address", "o"."phone_1" as "phone_1", "o"."status" as "broker_association_status"
    from "broker_associations" as "o"
    where ("o"."broker_association_name" ILIKE $1 OR "o"."contact_person" ILIKE $2 OR "o"."email_address" ILIKE $3 OR "o"."phone_1" ILIKE $4)
    limit $5) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
