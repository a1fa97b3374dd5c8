-- GetUserAgents: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."phone_1" as "primary_phone", "u"."user_email"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true and "u"."role_id" in ($1, $2)
  order by "u"."user_id" asc, "u"."user_id" asc
  limit $3
  offset $4;

select count(*) as "n"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."phone_1" as "primary_phone", "u"."user_email"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and "u"."role_id" in ($1, $2)
    limit $3) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."phone_1" as "primary_phone", "u"."user_email"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true and "u"."role_id" in ($1, $2);

select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."phone_1" as "primary_phone", "u"."user_email"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true and "u"."role_id" in ($1, $2) and (u.search_text LIKE lower($3)) and "u"."user_id" = ANY ($4)
  order by ROW("u"."user_id", "u"."user_id") asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."phone_1" as "primary_phone", "u"."user_email", "u"."user_id" as "match_key", "u"."user_id" as "sort_key"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and "u"."role_id" in ($2, $3) and (u.search_text LIKE lower($4))
    limit $5) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."phone_1" as "primary_phone", "u"."user_email"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where (u.user_id = $1 OR u.associated_agency_id = (SELECT associated_agency_id
      FROM users
      WHERE user_id = $2)) and "u"."role_id" in ($3, $4)
  order by "u"."user_id" asc, "u"."user_id" asc
  limit $5
  offset $6;

select count(*) as "n"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."phone_1" as "primary_phone", "u"."user_email"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where (u.user_id = $1 OR u.associated_agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $2)) and "u"."role_id" in ($3, $4)
    limit $5) as "counted";
