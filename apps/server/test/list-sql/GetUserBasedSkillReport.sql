-- GetUserBasedSkillReport: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, (SELECT coalesce(string_agg(k.user_skills, ', '
        ORDER BY k.user_skills), '')
         
    FROM user_skill_links l JOIN user_skills k USING (user_skills_id)
         
    WHERE l.user_id = "page"."id") as "user_skills"
  from (select "u"."user_id" as "id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and EXISTS (SELECT 1
      FROM user_skill_links l
      WHERE l.user_id = u.user_id)
    order by "u"."user_id" asc, "u"."user_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."id" asc, "page"."id" asc;

select count(*) as "n"
  from (select "u"."user_id" as "id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and EXISTS (SELECT 1
      FROM user_skill_links l
      WHERE l.user_id = u.user_id)
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "u"."user_id" as "id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true and EXISTS (SELECT 1
    FROM user_skill_links l
    WHERE l.user_id = u.user_id);

select "page".*, (SELECT coalesce(string_agg(k.user_skills, ', '
        ORDER BY k.user_skills), '')
         
    FROM user_skill_links l JOIN user_skills k USING (user_skills_id)
         
    WHERE l.user_id = "page"."id") as "user_skills"
  from (select "u"."user_id" as "id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and EXISTS (SELECT 1
      FROM user_skill_links l
      WHERE l.user_id = u.user_id) and (("u"."first_name" || ' ' || "u"."last_name" ILIKE $1) OR "u"."user_id" = ANY (ARRAY(SELECT ru.user_id
          FROM users ru JOIN roles rr ON rr.id = ru.role_id
          WHERE rr.name ILIKE $2)) OR "u"."user_id" = ANY (ARRAY(SELECT l.user_id
          FROM user_skill_links l JOIN user_skills k USING (user_skills_id)
           
          WHERE k.user_skills ILIKE $3))) and "u"."user_id" = ANY ($4)
    order by ROW("u"."user_id", "u"."user_id") asc) as "page"
  order by "page"."id" asc, "page"."id" asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "u"."user_id" as "id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."user_id" as "match_key", "u"."user_id" as "sort_key"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and EXISTS (SELECT 1
      FROM user_skill_links l
      WHERE l.user_id = u.user_id) and (("u"."first_name" || ' ' || "u"."last_name" ILIKE $2) OR "u"."user_id" = ANY (ARRAY(SELECT ru.user_id
          FROM users ru JOIN roles rr ON rr.id = ru.role_id
          WHERE rr.name ILIKE $3)) OR "u"."user_id" = ANY (ARRAY(SELECT l.user_id
          FROM user_skill_links l JOIN user_skills k USING (user_skills_id)
           
          WHERE k.user_skills ILIKE $4)))
    limit $5) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "page".*, (SELECT coalesce(string_agg(k.user_skills, ', '
        ORDER BY k.user_skills), '')
         
    FROM user_skill_links l JOIN user_skills k USING (user_skills_id)
         
    WHERE l.user_id = "page"."id") as "user_skills"
  from (select "u"."user_id" as "id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where (u.user_id = $1 OR u.associated_agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $2)) and EXISTS (SELECT 1
      FROM user_skill_links l
      WHERE l.user_id = u.user_id)
    order by "u"."user_id" asc, "u"."user_id" asc
    limit $3
    offset $4) as "page"
  order by "page"."id" asc, "page"."id" asc;

select count(*) as "n"
  from (select "u"."user_id" as "id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where (u.user_id = $1 OR u.associated_agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $2)) and EXISTS (SELECT 1
      FROM user_skill_links l
      WHERE l.user_id = u.user_id)
    limit $3) as "counted";
