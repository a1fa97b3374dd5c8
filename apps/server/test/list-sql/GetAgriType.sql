-- GetAgriType: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."agri_type_id" as "agri_type_id", "m"."status" as "agri_type_status", "m"."agri_type_name" as "agri_type_name"
  from "agri_types" as "m"
  order by "m"."agri_type_name" asc, "m"."agri_type_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "agri_types"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."agri_type_id" as "agri_type_id", "m"."status" as "agri_type_status", "m"."agri_type_name" as "agri_type_name"
  from "agri_types" as "m"
  where ("m"."agri_type_name" ILIKE $1)
  order by "m"."agri_type_name" asc, "m"."agri_type_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."agri_type_id" as "agri_type_id", "m"."status" as "agri_type_status", "m"."agri_type_name" as "agri_type_name"
    from "agri_types" as "m"
    where ("m"."agri_type_name" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
