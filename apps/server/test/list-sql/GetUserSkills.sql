-- GetUserSkills: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."user_skills_id" as "user_skills_id", "m"."status" as "user_skills_status", "m"."user_skills" as "user_skills"
  from "user_skills" as "m"
  order by "m"."user_skills" asc, "m"."user_skills_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "user_skills"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."user_skills_id" as "user_skills_id", "m"."status" as "user_skills_status", "m"."user_skills" as "user_skills"
  from "user_skills" as "m"
  where ("m"."user_skills" ILIKE $1)
  order by "m"."user_skills" asc, "m"."user_skills_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."user_skills_id" as "user_skills_id", "m"."status" as "user_skills_status", "m"."user_skills" as "user_skills"
    from "user_skills" as "m"
    where ("m"."user_skills" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "m"."user_skills_id" as "user_skills_id", "m"."status" as "user_skills_status", "m"."user_skills" as "user_skills"
  from "user_skills" as "m"
  order by "m"."user_skills" asc, "m"."user_skills_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "user_skills"
    limit $1) as "counted";
