-- getNotification: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select count(*) as "n"
  from (select n.notification_id::float8 as "notification_id", "n"."notification_type", CASE n.notification_type WHEN $1 THEN $2::text WHEN $3 THEN $4::text WHEN $5 THEN $6::text WHEN $7 THEN $8::text WHEN $9 THEN $10::text WHEN $11 THEN $12::text WHEN $13 THEN $14::text WHEN $15 THEN $16::text WHEN $17 THEN $18::text WHEN $19 THEN $20::text ELSE 'mdi-bell' END as "notification_type_icon", "n"."notification_subject", "n"."notification_status", "n"."entity", "n"."entity_id", "n"."created_at"
    from "notifications" as "n"
    where "n"."user_id" = $21
    limit $22) as "counted";

select n.notification_id::float8 as "notification_id", "n"."notification_type", CASE n.notification_type WHEN $1 THEN $2::text WHEN $3 THEN $4::text WHEN $5 THEN $6::text WHEN $7 THEN $8::text WHEN $9 THEN $10::text WHEN $11 THEN $12::text WHEN $13 THEN $14::text WHEN $15 THEN $16::text WHEN $17 THEN $18::text WHEN $19 THEN $20::text ELSE 'mdi-bell' END as "notification_type_icon", "n"."notification_subject", "n"."notification_status", "n"."entity", "n"."entity_id", "n"."created_at"
  from "notifications" as "n"
  where "n"."user_id" = $21
  order by "n"."created_at" desc, "n"."notification_id" desc
  limit $22
  offset $23;

-- searched: searchText=cebu, as a Super Admin

select count(*) as "n"
  from (select n.notification_id::float8 as "notification_id", "n"."notification_type", CASE n.notification_type WHEN $1 THEN $2::text WHEN $3 THEN $4::text WHEN $5 THEN $6::text WHEN $7 THEN $8::text WHEN $9 THEN $10::text WHEN $11 THEN $12::text WHEN $13 THEN $14::text WHEN $15 THEN $16::text WHEN $17 THEN $18::text WHEN $19 THEN $20::text ELSE 'mdi-bell' END as "notification_type_icon", "n"."notification_subject", "n"."notification_status", "n"."entity", "n"."entity_id", "n"."created_at"
    from "notifications" as "n"
    where "n"."user_id" = $21 and (n.notification_subject ILIKE $22)
    limit $23) as "counted";

select n.notification_id::float8 as "notification_id", "n"."notification_type", CASE n.notification_type WHEN $1 THEN $2::text WHEN $3 THEN $4::text WHEN $5 THEN $6::text WHEN $7 THEN $8::text WHEN $9 THEN $10::text WHEN $11 THEN $12::text WHEN $13 THEN $14::text WHEN $15 THEN $16::text WHEN $17 THEN $18::text WHEN $19 THEN $20::text ELSE 'mdi-bell' END as "notification_type_icon", "n"."notification_subject", "n"."notification_status", "n"."entity", "n"."entity_id", "n"."created_at"
  from "notifications" as "n"
  where "n"."user_id" = $21 and (n.notification_subject ILIKE $22)
  order by "n"."created_at" desc, "n"."notification_id" desc
  limit $23
  offset $24;

-- scoped: the first page in the default sort, as an Agent of an agency

select count(*) as "n"
  from (select n.notification_id::float8 as "notification_id", "n"."notification_type", CASE n.notification_type WHEN $1 THEN $2::text WHEN $3 THEN $4::text WHEN $5 THEN $6::text WHEN $7 THEN $8::text WHEN $9 THEN $10::text WHEN $11 THEN $12::text WHEN $13 THEN $14::text WHEN $15 THEN $16::text WHEN $17 THEN $18::text WHEN $19 THEN $20::text ELSE 'mdi-bell' END as "notification_type_icon", "n"."notification_subject", "n"."notification_status", "n"."entity", "n"."entity_id", "n"."created_at"
    from "notifications" as "n"
    where "n"."user_id" = $21
    limit $22) as "counted";

select n.notification_id::float8 as "notification_id", "n"."notification_type", CASE n.notification_type WHEN $1 THEN $2::text WHEN $3 THEN $4::text WHEN $5 THEN $6::text WHEN $7 THEN $8::text WHEN $9 THEN $10::text WHEN $11 THEN $12::text WHEN $13 THEN $14::text WHEN $15 THEN $16::text WHEN $17 THEN $18::text WHEN $19 THEN $20::text ELSE 'mdi-bell' END as "notification_type_icon", "n"."notification_subject", "n"."notification_status", "n"."entity", "n"."entity_id", "n"."created_at"
  from "notifications" as "n"
  where "n"."user_id" = $21
  order by "n"."created_at" desc, "n"."notification_id" desc
  limit $22
  offset $23;
