-- GetUserToActivated: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1" as "primary_phone", "u"."phone_2" as "secondary_phone", "u"."user_email", "u"."user_status"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true and "u"."user_status" in ($1, $2)
  order by "u"."user_id" asc, "u"."user_id" asc
  limit $3
  offset $4;

select count(*) as "n"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1" as "primary_phone", "u"."phone_2" as "secondary_phone", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and "u"."user_status" in ($1, $2)
    limit $3) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1" as "primary_phone", "u"."phone_2" as "secondary_phone", "u"."user_email", "u"."user_status"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true and "u"."user_status" in ($1, $2);

select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1" as "primary_phone", "u"."phone_2" as "secondary_phone", "u"."user_email", "u"."user_status"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true and "u"."user_status" in ($1, $2) and ((u.search_text LIKE lower($3) OR u.phone_2 ILIKE $4) OR "u"."user_id" = ANY (ARRAY(SELECT ru.user_id
        FROM users ru JOIN roles rr ON rr.id = ru.role_id
        WHERE rr.name ILIKE $5))) and "u"."user_id" = ANY ($6)
  order by ROW("u"."user_id", "u"."user_id") asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1" as "primary_phone", "u"."phone_2" as "secondary_phone", "u"."user_email", "u"."user_status", "u"."user_id" as "match_key", "u"."user_id" as "sort_key"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and "u"."user_status" in ($2, $3) and ((u.search_text LIKE lower($4) OR u.phone_2 ILIKE $5) OR "u"."user_id" = ANY (ARRAY(SELECT ru.user_id
          FROM users ru JOIN roles rr ON rr.id = ru.role_id
          WHERE rr.name ILIKE $6)))
    limit $7) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1" as "primary_phone", "u"."phone_2" as "secondary_phone", "u"."user_email", "u"."user_status"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where (u.user_id = $1 OR u.associated_agency_id = (SELECT associated_agency_id
      FROM users
      WHERE user_id = $2)) and "u"."user_status" in ($3, $4)
  order by "u"."user_id" asc, "u"."user_id" asc
  limit $5
  offset $6;

select count(*) as "n"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1" as "primary_phone", "u"."phone_2" as "secondary_phone", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where (u.user_id = $1 OR u.associated_agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $2)) and "u"."user_status" in ($3, $4)
    limit $5) as "counted";
