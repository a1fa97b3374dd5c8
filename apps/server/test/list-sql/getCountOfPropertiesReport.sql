-- getCountOfPropertiesReport: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, (SELECT count(*)::int
    FROM properties p
    WHERE (p.user_id = "page"."user_id" OR p.agent_id = "page"."user_id"
    OR p.secondary_agent_id = "page"."user_id" OR p.third_agent_id = "page"."user_id") AND true) as "totalProperties"
  from (select "u"."user_id", "r"."name" as "role_type", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true
    order by "u"."first_name" || ' ' || "u"."last_name" asc, "u"."user_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."full_name" asc, "page"."user_id" asc;

select count(*) as "n"
  from (select "u"."user_id", "r"."name" as "role_type", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "u"."user_id", "r"."name" as "role_type", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."user_status"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true;

select "page".*, (SELECT count(*)::int
    FROM properties p
    WHERE (p.user_id = "page"."user_id" OR p.agent_id = "page"."user_id"
    OR p.secondary_agent_id = "page"."user_id" OR p.third_agent_id = "page"."user_id") AND true) as "totalProperties"
  from (select "u"."user_id", "r"."name" as "role_type", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and ("u"."first_name" || ' ' || "u"."last_name" ILIKE $1) and "u"."user_id" = ANY ($2)
    order by ROW("u"."first_name" || ' ' || "u"."last_name", "u"."user_id") asc) as "page"
  order by "page"."full_name" asc, "page"."user_id" asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "u"."user_id", "r"."name" as "role_type", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."user_status", "u"."user_id" as "match_key", "u"."first_name" || ' ' || "u"."last_name" as "sort_key"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and ("u"."first_name" || ' ' || "u"."last_name" ILIKE $2)
    limit $3) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "page".*, (SELECT count(*)::int
    FROM properties p
    WHERE (p.user_id = "page"."user_id" OR p.agent_id = "page"."user_id"
    OR p.secondary_agent_id = "page"."user_id" OR p.third_agent_id = "page"."user_id") AND (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5))) as "totalProperties"
  from (select "u"."user_id", "r"."name" as "role_type", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where (u.user_id = $6 OR u.associated_agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $7))
    order by "u"."first_name" || ' ' || "u"."last_name" asc, "u"."user_id" asc
    limit $8
    offset $9) as "page"
  order by "page"."full_name" asc, "page"."user_id" asc;

select count(*) as "n"
  from (select "u"."user_id", "r"."name" as "role_type", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where (u.user_id = $1 OR u.associated_agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $2))
    limit $3) as "counted";
