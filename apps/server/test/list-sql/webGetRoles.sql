-- webGetRoles: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "id", "name", "status" as "is_role_active", true as "manageable", "is_system" as "built_in"
  from "roles"
  order by "name" asc, "id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "id", "name", "status" as "is_role_active", true as "manageable", "is_system" as "built_in"
    from "roles"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "id", "name", "status" as "is_role_active", true as "manageable", "is_system" as "built_in"
  from "roles"
  where ("name" ILIKE $1 OR "status" ILIKE $2)
  order by "name" asc, "id" asc
  limit $3
  offset $4;

select count(*) as "n"
  from (select "id", "name", "status" as "is_role_active", true as "manageable", "is_system" as "built_in"
    from "roles"
    where ("name" ILIKE $1 OR "status" ILIKE $2)
    limit $3) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
