-- GetAgentsBasedAgency: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select a.agency_id || '-' || coalesce(u.user_id::text, 'none') as "row_id", "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "u"."first_name" || ' ' || "u"."last_name" as "AgentName", "a"."email_address" as "agency_email_address", "u"."user_email" as "agent_email", "u"."phone_1", "u"."user_id"
  from "agencies" as "a"
  left join "users" as "u" on "u"."associated_agency_id" = "a"."agency_id" and "u"."role_id" in ($1, $2)
  where true
  order by "a"."agency_id" asc, "a"."agency_id" asc, "u"."user_id" asc
  limit $3
  offset $4;

select count(*) as "n"
  from (select a.agency_id || '-' || coalesce(u.user_id::text, 'none') as "row_id", "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "u"."first_name" || ' ' || "u"."last_name" as "AgentName", "a"."email_address" as "agency_email_address", "u"."user_email" as "agent_email", "u"."phone_1", "u"."user_id"
    from "agencies" as "a"
    left join "users" as "u" on "u"."associated_agency_id" = "a"."agency_id" and "u"."role_id" in ($1, $2)
    where true
    limit $3) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select a.agency_id || '-' || coalesce(u.user_id::text, 'none') as "row_id", "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "u"."first_name" || ' ' || "u"."last_name" as "AgentName", "a"."email_address" as "agency_email_address", "u"."user_email" as "agent_email", "u"."phone_1", "u"."user_id"
  from "agencies" as "a"
  left join "users" as "u" on "u"."associated_agency_id" = "a"."agency_id" and "u"."role_id" in ($1, $2)
  where true;

select a.agency_id || '-' || coalesce(u.user_id::text, 'none') as "row_id", "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "u"."first_name" || ' ' || "u"."last_name" as "AgentName", "a"."email_address" as "agency_email_address", "u"."user_email" as "agent_email", "u"."phone_1", "u"."user_id"
  from "agencies" as "a"
  left join "users" as "u" on "u"."associated_agency_id" = "a"."agency_id" and "u"."role_id" in ($1, $2)
  where true and ("a"."agency_id" = ANY (ARRAY(SELECT agency_id
        FROM agencies
        WHERE agency_name ILIKE $3 OR owner_name ILIKE $4
    OR contact_person ILIKE $5 OR email_address ILIKE $6
         
        UNION SELECT u.associated_agency_id
        FROM users u
           
        WHERE u.role_id IN ($7, $8) AND (u.search_text LIKE lower($9)))) AND ("a"."agency_id" = ANY (ARRAY(SELECT agency_id
          FROM agencies
          WHERE agency_name ILIKE $10 OR owner_name ILIKE $11
    OR contact_person ILIKE $12 OR email_address ILIKE $13)) OR (u.search_text LIKE lower($14) AND ("u"."first_name" || ' ' || "u"."last_name" ILIKE $15 OR u.user_email ILIKE $16))))
  order by ROW("a"."agency_id", "a"."agency_id", "u"."user_id") asc
  limit $17
  offset $18;

select count(*) as "n"
  from (select a.agency_id || '-' || coalesce(u.user_id::text, 'none') as "row_id", "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "u"."first_name" || ' ' || "u"."last_name" as "AgentName", "a"."email_address" as "agency_email_address", "u"."user_email" as "agent_email", "u"."phone_1", "u"."user_id"
    from "agencies" as "a"
    left join "users" as "u" on "u"."associated_agency_id" = "a"."agency_id" and "u"."role_id" in ($1, $2)
    where true and ("a"."agency_id" = ANY (ARRAY(SELECT agency_id
          FROM agencies
          WHERE agency_name ILIKE $3 OR owner_name ILIKE $4
    OR contact_person ILIKE $5 OR email_address ILIKE $6
         
          UNION SELECT u.associated_agency_id
          FROM users u
           
          WHERE u.role_id IN ($7, $8) AND (u.search_text LIKE lower($9)))) AND ("a"."agency_id" = ANY (ARRAY(SELECT agency_id
            FROM agencies
            WHERE agency_name ILIKE $10 OR owner_name ILIKE $11
    OR contact_person ILIKE $12 OR email_address ILIKE $13)) OR (u.search_text LIKE lower($14) AND ("u"."first_name" || ' ' || "u"."last_name" ILIKE $15 OR u.user_email ILIKE $16))))
    limit $17) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select a.agency_id || '-' || coalesce(u.user_id::text, 'none') as "row_id", "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "u"."first_name" || ' ' || "u"."last_name" as "AgentName", "a"."email_address" as "agency_email_address", "u"."user_email" as "agent_email", "u"."phone_1", "u"."user_id"
  from "agencies" as "a"
  left join "users" as "u" on "u"."associated_agency_id" = "a"."agency_id" and "u"."role_id" in ($1, $2)
  where a.agency_id = (SELECT associated_agency_id
    FROM users
    WHERE user_id = $3)
  order by "a"."agency_id" asc, "a"."agency_id" asc, "u"."user_id" asc
  limit $4
  offset $5;

select count(*) as "n"
  from (select a.agency_id || '-' || coalesce(u.user_id::text, 'none') as "row_id", "a"."agency_id", "a"."agency_name", "a"."owner_name", "a"."contact_person", "u"."first_name" || ' ' || "u"."last_name" as "AgentName", "a"."email_address" as "agency_email_address", "u"."user_email" as "agent_email", "u"."phone_1", "u"."user_id"
    from "agencies" as "a"
    left join "users" as "u" on "u"."associated_agency_id" = "a"."agency_id" and "u"."role_id" in ($1, $2)
    where a.agency_id = (SELECT associated_agency_id
      FROM users
      WHERE user_id = $3)
    limit $4) as "counted";
