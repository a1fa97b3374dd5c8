-- GetUser: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, "u"."first_name" as "first_name", "u"."last_name" as "last_name", "u"."nick_name" as "nick_name", "u"."role_id" as "role_id", "u"."phone_2" as "phone_2", "u"."status_reason" as "reason", "u"."associated_agency_id" as "associated_agency_id", coalesce((SELECT string_agg(l."broker_id"::text, ','
        ORDER BY l."broker_id")
   
      FROM "user_brokers" l
      WHERE l."user_id" = "u"."user_id"), '') as "associated_broker_id", "u"."is_address_same_as_agency" as "is_address_same_as_agency", "u"."unit_number" as "unit_number", "u"."street_name" as "street_name", "u"."town_id" as "town_id", "u"."barangay_id" as "barangay_id", "u"."subdivision_id" as "subdivision_id", "u"."house_number" as "house_number", "u"."building_name" as "building_name", "u"."floor" as "floor", "u"."zip_code" as "zip_code", "u"."province_id" as "province_id", "u"."birth_day" as "birth_day", "u"."birth_month" as "birth_month", "u"."birth_year" as "birth_year", "u"."re_license" as "re_license", "u"."website" as "website", coalesce((SELECT string_agg(l."user_skills_id"::text, ','
        ORDER BY l."user_skills_id")
   
      FROM "user_skill_links" l
      WHERE l."user_id" = "u"."user_id"), '') as "user_skills", coalesce((SELECT string_agg(l."user_skills_id"::text, ','
        ORDER BY l."user_skills_id")
   
      FROM "user_skill_links" l
      WHERE l."user_id" = "u"."user_id"), '') as "user_skills_id", "u"."profile_statement" as "profile_statement", "u"."self_broker" as "self_broker", "u"."open_property_limit" as "open_property_limit", '/media/' || nullif("u"."profile_image", '') as "profileImage", '/media/' || nullif("u"."profile_image", '') as "agent_photo", '/media/' || nullif("u"."profile_thumbnail", '') as "profileThumbnail"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true
    order by "u"."first_name" || ' ' || "u"."last_name" asc, "u"."user_id" asc
    limit $1
    offset $2) as "page"
  inner join "users" as "u" on "u"."user_id" = "page"."user_id"
  order by "page"."full_name" asc, "page"."user_id" asc;

select count(*) as "n"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
  from "users" as "u"
  inner join "roles" as "r" on "r"."id" = "u"."role_id"
  where true;

select "page".*, "u"."first_name" as "first_name", "u"."last_name" as "last_name", "u"."nick_name" as "nick_name", "u"."role_id" as "role_id", "u"."phone_2" as "phone_2", "u"."status_reason" as "reason", "u"."associated_agency_id" as "associated_agency_id", coalesce((SELECT string_agg(l."broker_id"::text, ','
        ORDER BY l."broker_id")
   
      FROM "user_brokers" l
      WHERE l."user_id" = "u"."user_id"), '') as "associated_broker_id", "u"."is_address_same_as_agency" as "is_address_same_as_agency", "u"."unit_number" as "unit_number", "u"."street_name" as "street_name", "u"."town_id" as "town_id", "u"."barangay_id" as "barangay_id", "u"."subdivision_id" as "subdivision_id", "u"."house_number" as "house_number", "u"."building_name" as "building_name", "u"."floor" as "floor", "u"."zip_code" as "zip_code", "u"."province_id" as "province_id", "u"."birth_day" as "birth_day", "u"."birth_month" as "birth_month", "u"."birth_year" as "birth_year", "u"."re_license" as "re_license", "u"."website" as "website", coalesce((SELECT string_agg(l."user_skills_id"::text, ','
        ORDER BY l."user_skills_id")
   
      FROM "user_skill_links" l
      WHERE l."user_id" = "u"."user_id"), '') as "user_skills", coalesce((SELECT string_agg(l."user_skills_id"::text, ','
        ORDER BY l."user_skills_id")
   
      FROM "user_skill_links" l
      WHERE l."user_id" = "u"."user_id"), '') as "user_skills_id", "u"."profile_statement" as "profile_statement", "u"."self_broker" as "self_broker", "u"."open_property_limit" as "open_property_limit", '/media/' || nullif("u"."profile_image", '') as "profileImage", '/media/' || nullif("u"."profile_image", '') as "agent_photo", '/media/' || nullif("u"."profile_thumbnail", '') as "profileThumbnail"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and (u.search_text LIKE lower($1)) and "u"."user_id" = ANY ($2)
    order by ROW("u"."first_name" || ' ' || "u"."last_name", "u"."user_id") asc) as "page"
  inner join "users" as "u" on "u"."user_id" = "page"."user_id"
  order by "page"."full_name" asc, "page"."user_id" asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "u"."user_id", "u"."first_name" || ' ' || "u"."last_name" as "full_name", "r"."name" as "role_name", "u"."phone_1", "u"."user_email", "u"."user_status", "u"."user_id" as "match_key", "u"."first_name" || ' ' || "u"."last_name" as "sort_key"
    from "users" as "u"
    inner join "roles" as "r" on "r"."id" = "u"."role_id"
    where true and (u.search_text LIKE lower($2))
    limit $3) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
