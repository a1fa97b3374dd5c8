-- getAuditLog: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "a"."id", "a"."at", "a"."actor_id", "a"."actor_name", "a"."actor_email", "a"."ip", "a"."call", "a"."action", "a"."entity", "a"."entity_id", "a"."before", "a"."after", "a"."details"
  from "audit_log" as "a"
  order by "a"."at" desc, "a"."id" desc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "a"."id", "a"."at", "a"."actor_id", "a"."actor_name", "a"."actor_email", "a"."ip", "a"."call", "a"."action", "a"."entity", "a"."entity_id", "a"."before", "a"."after", "a"."details"
    from "audit_log" as "a"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "a"."id", "a"."at", "a"."actor_id", "a"."actor_name", "a"."actor_email", "a"."ip", "a"."call", "a"."action", "a"."entity", "a"."entity_id", "a"."before", "a"."after", "a"."details"
  from "audit_log" as "a";

select "a"."id", "a"."at", "a"."actor_id", "a"."actor_name", "a"."actor_email", "a"."ip", "a"."call", "a"."action", "a"."entity", "a"."entity_id", "a"."before", "a"."after", "a"."details"
  from "audit_log" as "a"
  where (coalesce(a.actor_name, '') || ' ' || coalesce(a.actor_email, '') || ' ' ||
  coalesce(a.ip, '') || ' ' || coalesce(a.call, '') || ' ' || coalesce(a.entity_id, '') || ' ' ||
  coalesce(a.details ->> 'email', '')) ILIKE $1 and "a"."id" = ANY ($2)
  order by ROW("a"."at", "a"."id") desc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key desc, counted.match_key desc), '{}') END as "matches"
  from (select "a"."id", "a"."at", "a"."actor_id", "a"."actor_name", "a"."actor_email", "a"."ip", "a"."call", "a"."action", "a"."entity", "a"."entity_id", "a"."before", "a"."after", "a"."details", "a"."id" as "match_key", "a"."at" as "sort_key"
    from "audit_log" as "a"
    where (coalesce(a.actor_name, '') || ' ' || coalesce(a.actor_email, '') || ' ' ||
  coalesce(a.ip, '') || ' ' || coalesce(a.call, '') || ' ' || coalesce(a.entity_id, '') || ' ' ||
  coalesce(a.details ->> 'email', '')) ILIKE $2
    limit $3) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
