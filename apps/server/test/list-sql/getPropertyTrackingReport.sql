-- getPropertyTrackingReport: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "p"."property_id", "p"."property_name", "p"."date_first_added", "p"."date_last_modified", "p"."date_last_status_change", "p"."date_suspended", ut.name as "user_type", "p"."date_modified_operator", "op"."first_name" || ' ' || "op"."last_name" as "operator_name"
  from "properties" as "p"
  left join "roles" as "ut" on "ut"."id" = "p"."user_type"
  left join "users" as "op" on "op"."user_id" = "p"."operator_id"
  where true and ("p"."date_first_added" >= (($1::date + $2::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($3::date + $4::int)::timestamp AT TIME ZONE 'Asia/Manila'))
  order by "p"."date_first_added" desc, "p"."property_id" desc
  limit $5
  offset $6;

select count(*) as "n"
  from (select "p"."property_id", "p"."property_name", "p"."date_first_added", "p"."date_last_modified", "p"."date_last_status_change", "p"."date_suspended", ut.name as "user_type", "p"."date_modified_operator", "op"."first_name" || ' ' || "op"."last_name" as "operator_name"
    from "properties" as "p"
    left join "roles" as "ut" on "ut"."id" = "p"."user_type"
    left join "users" as "op" on "op"."user_id" = "p"."operator_id"
    where true and ("p"."date_first_added" >= (($1::date + $2::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($3::date + $4::int)::timestamp AT TIME ZONE 'Asia/Manila'))
    limit $5) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "p"."property_id", "p"."property_name", "p"."date_first_added", "p"."date_last_modified", "p"."date_last_status_change", "p"."date_suspended", ut.name as "user_type", "p"."date_modified_operator", "op"."first_name" || ' ' || "op"."last_name" as "operator_name"
  from "properties" as "p"
  left join "roles" as "ut" on "ut"."id" = "p"."user_type"
  left join "users" as "op" on "op"."user_id" = "p"."operator_id"
  where true and ("p"."date_first_added" >= (($1::date + $2::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($3::date + $4::int)::timestamp AT TIME ZONE 'Asia/Manila'));

select "id"
  from "roles"
  where "name" ilike $1;

select "p"."property_id", "p"."property_name", "p"."date_first_added", "p"."date_last_modified", "p"."date_last_status_change", "p"."date_suspended", ut.name as "user_type", "p"."date_modified_operator", "op"."first_name" || ' ' || "op"."last_name" as "operator_name"
  from "properties" as "p"
  left join "roles" as "ut" on "ut"."id" = "p"."user_type"
  left join "users" as "op" on "op"."user_id" = "p"."operator_id"
  where true and ("p"."date_first_added" >= (($1::date + $2::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($3::date + $4::int)::timestamp AT TIME ZONE 'Asia/Manila')) and ((split_part(p.search_document, chr(57349), 1) ~ ($5 || regexp_replace(lower($6), $7, $8, 'g')) OR substr(p.search_document, strpos(p.search_document, chr(57349))) ~ ($9 || regexp_replace(lower($10), $11, $12, 'g')))) and "p"."property_id" = ANY ($13)
  order by ROW("p"."date_first_added", "p"."property_id") desc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key desc, counted.match_key desc), '{}') END as "matches"
  from (select "p"."property_id", "p"."property_name", "p"."date_first_added", "p"."date_last_modified", "p"."date_last_status_change", "p"."date_suspended", ut.name as "user_type", "p"."date_modified_operator", "op"."first_name" || ' ' || "op"."last_name" as "operator_name", "p"."property_id" as "match_key", "p"."date_first_added" as "sort_key"
    from "properties" as "p"
    left join "roles" as "ut" on "ut"."id" = "p"."user_type"
    left join "users" as "op" on "op"."user_id" = "p"."operator_id"
    where true and ("p"."date_first_added" >= (($2::date + $3::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($4::date + $5::int)::timestamp AT TIME ZONE 'Asia/Manila')) and ((split_part(p.search_document, chr(57349), 1) ~ ($6 || regexp_replace(lower($7), $8, $9, 'g')) OR substr(p.search_document, strpos(p.search_document, chr(57349))) ~ ($10 || regexp_replace(lower($11), $12, $13, 'g'))))
    limit $14) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "p"."property_id", "p"."property_name", "p"."date_first_added", "p"."date_last_modified", "p"."date_last_status_change", "p"."date_suspended", ut.name as "user_type", "p"."date_modified_operator", "op"."first_name" || ' ' || "op"."last_name" as "operator_name"
  from "properties" as "p"
  left join "roles" as "ut" on "ut"."id" = "p"."user_type"
  left join "users" as "op" on "op"."user_id" = "p"."operator_id"
  where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
      FROM users
      WHERE user_id = $5)) and ("p"."date_first_added" >= (($6::date + $7::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($8::date + $9::int)::timestamp AT TIME ZONE 'Asia/Manila'))
  order by "p"."date_first_added" desc, "p"."property_id" desc
  limit $10
  offset $11;

select count(*) as "n"
  from (select "p"."property_id", "p"."property_name", "p"."date_first_added", "p"."date_last_modified", "p"."date_last_status_change", "p"."date_suspended", ut.name as "user_type", "p"."date_modified_operator", "op"."first_name" || ' ' || "op"."last_name" as "operator_name"
    from "properties" as "p"
    left join "roles" as "ut" on "ut"."id" = "p"."user_type"
    left join "users" as "op" on "op"."user_id" = "p"."operator_id"
    where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5)) and ("p"."date_first_added" >= (($6::date + $7::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($8::date + $9::int)::timestamp AT TIME ZONE 'Asia/Manila'))
    limit $10) as "counted";
