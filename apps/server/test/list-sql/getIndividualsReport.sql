-- getIndividualsReport: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, (SELECT count(*)::int
    FROM properties p
    WHERE (p.user_id = "page"."user_id" OR p.agent_id = "page"."user_id"
    OR p.secondary_agent_id = "page"."user_id" OR p.third_agent_id = "page"."user_id") AND true) as "totalProperties"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and "u"."role_id" = $1
    order by "u"."first_name" || ' ' || "u"."last_name" asc, "u"."user_id" asc
    limit $2
    offset $3) as "page"
  order by "page"."full_name" asc, "page"."user_id" asc;

select count(*) as "n"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and "u"."role_id" = $1
    limit $2) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true and "u"."role_id" = $1;

select "page".*, (SELECT count(*)::int
    FROM properties p
    WHERE (p.user_id = "page"."user_id" OR p.agent_id = "page"."user_id"
    OR p.secondary_agent_id = "page"."user_id" OR p.third_agent_id = "page"."user_id") AND true) as "totalProperties"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and "u"."role_id" = $1 and (u.search_text LIKE lower($2)) and "u"."user_id" = ANY ($3)
    order by ROW("u"."first_name" || ' ' || "u"."last_name", "u"."user_id") asc) as "page"
  order by "page"."full_name" asc, "page"."user_id" asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status", "u"."user_id" as "match_key", "u"."first_name" || ' ' || "u"."last_name" as "sort_key"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and "u"."role_id" = $2 and (u.search_text LIKE lower($3))
    limit $4) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "page".*, (SELECT count(*)::int
    FROM properties p
    WHERE (p.user_id = "page"."user_id" OR p.agent_id = "page"."user_id"
    OR p.secondary_agent_id = "page"."user_id" OR p.third_agent_id = "page"."user_id") AND (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5))) as "totalProperties"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where (u.user_id = $6 OR u.associated_agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $7)) and "u"."role_id" = $8
    order by "u"."first_name" || ' ' || "u"."last_name" asc, "u"."user_id" asc
    limit $9
    offset $10) as "page"
  order by "page"."full_name" asc, "page"."user_id" asc;

select count(*) as "n"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where (u.user_id = $1 OR u.associated_agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $2)) and "u"."role_id" = $3
    limit $4) as "counted";
