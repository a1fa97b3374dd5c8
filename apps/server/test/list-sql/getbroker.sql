-- getbroker: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, coalesce((SELECT string_agg(a.broker_association_name, ', '
        ORDER BY a.broker_association_name)
       
      FROM broker_broker_associations l
        JOIN broker_associations a ON a.broker_association_id = l.broker_association_id
       
      WHERE l.broker_id = "page"."broker_id"), '') as "associations"
  from (select "o"."broker_id" as "broker_id", "o"."broker_name" as "broker_name", "o"."email_address" as "email_address", "o"."phone_1" as "phone_1", "o"."broker_license_number" as "broker_license_number", "o"."status" as "status"
    from "brokers" as "o"
    order by "o"."broker_name" asc, "o"."broker_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."broker_name" asc, "page"."broker_id" asc;

select count(*) as "n"
  from (select "o"."broker_id" as "broker_id", "o"."broker_name" as "broker_name", "o"."email_address" as "email_address", "o"."phone_1" as "phone_1", "o"."broker_license_number" as "broker_license_number", "o"."status" as "status"
    from "brokers" as "o"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "page".*, coalesce((SELECT string_agg(a.broker_association_name, ', '
        ORDER BY a.broker_association_name)
       
      FROM broker_broker_associations l
        JOIN broker_associations a ON a.broker_association_id = l.broker_association_id
       
      WHERE l.broker_id = "page"."broker_id"), '') as "associations"
  from (select "o"."broker_id" as "broker_id", "o"."broker_name" as "broker_name", "o"."email_address" as "email_address", "o"."phone_1" as "phone_1", "o"."broker_license_number" as "broker_license_number", "o"."status" as "status"
    from "brokers" as "o"
    where ("o"."broker_name" ILIKE $1 OR "o"."email_address" ILIKE $2 OR "o"."phone_1" ILIKE $3 OR "o"."broker_license_number" ILIKE $4)
    order by "o"."broker_name" asc, "o"."broker_id" asc
    limit $5
    offset $6) as "page"
  order by "page"."broker_name" asc, "page"."broker_id" asc;

select count(*) as "n"
  from (select "o"."broker_id" as "broker_id", "o"."broker_name" as "broker_name", "o"."email_address" as "email_address", "o"."phone_1" as "phone_1", "o"."broker_license_number" as "broker_license_number", "o"."status" as "status"
    from "brokers" as "o"
    where ("o"."broker_name" ILIKE $1 OR "o"."email_address" ILIKE $2 OR "o"."phone_1" ILIKE $3 OR "o"."broker_license_number" ILIKE $4)
    limit $5) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
