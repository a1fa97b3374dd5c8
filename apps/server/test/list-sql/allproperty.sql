-- allproperty: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, p.user_id as "user_id", p.user_type as "user_type", p.created_by as "created_by", p.agency_id as "agency_id", "p"."unit_number" as "unit_no", "p"."house_number" as "house_lot_no", "p"."street_name" as "street_name", "p"."building_name" as "property_building_name", "p"."province_id" as "province_id", "p"."town_id" as "town_id", "p"."barangay_id" as "barangay_id", "p"."subdivision_id" as "subdivison_id", "p"."zip_code" as "zipcode", "p"."seller_id" as "seller_id", "p"."broker_id" as "associatedBroker", "p"."domain" as "domain", "p"."agent_id" as "agent_id", "p"."secondary_agent_id" as "secondary_agent_id", "p"."third_agent_id" as "third_agent_id", "p"."is_featured" as "isFeatured", "p"."property_headline" as "property_headline", "p"."property_description" as "property_description", "p"."property_classification_id" as "property_classification_id", "p"."product_category_id" as "product_category_id", "p"."property_type_id" as "property_type_id", "p"."agri_type_id" as "agri_type", "p"."price_asked" as "price_asked", "p"."land_area" as "land_area", "p"."building_area" as "building_area", "p"."longitude" as "longitude", "p"."latitude" as "latitude", "p"."bedrooms" as "no_bedrooms", "p"."toilets" as "no_toilets", "p"."uncovered_car_spaces" as "car_spaces_uncovered_property", "p"."covered_car_spaces" as "garage_spaces_covered_property", "p"."furnishing" as "furnishing", "p"."floor_level" as "select_floor_level", "p"."rental_price_asked" as "rental_price_asked", "p"."rental_pricing_unit" as "rental_pricing_unit", "p"."minimum_rental_period" as "minimum_rental_period_rent", "p"."maximum_rental_period" as "car_spaces_rent", "p"."rent_due_day" as "date_of_month_rent_due", CASE p.period_can_extend WHEN true THEN 'Yes' WHEN false THEN 'No' END as "period_can_extend", to_char("p"."date_rental_started", 'YYYY-MM-DD') as "date_rental_started", to_char("p"."current_rental_expires", 'YYYY-MM-DD') as "current_rental_expires", "p"."rental_switch_on" as "rental_switch_on", "p"."sale_price_asked" as "sale_price", "p"."price_per_sq_m" as "price_per_sq_m", "p"."sale_switch_on" as "sale_switch_on", "p"."product_mode_id" as "minimum_rental_period_sale", "p"."garage" as "garage", "p"."cooling" as "cooling", "p"."heating_type" as "heatingtype", "p"."elevator" as "elevator", "p"."free_wifi" as "freewifi", "p"."exterior" as "exteriour", "p"."kitchen" as "kitchen", "p"."fireplace" as "fireplace", "p"."swimming_pool" as "swimming_pool", "p"."year" as "year", "p"."suspended_reason" as "suspendedReason", "p"."price_rented" as "priceRented", "p"."sale_price" as "priceSoldFor", "p"."zonal_value" as "zonalValue", "p"."zoning_code_id" as "zonningCode", to_char("p"."active_date", 'YYYY-MM-DD') as "active_date", "p"."date_last_modified" as "date_last_modified", "p"."date_last_status_change" as "date_last_status_change", "p"."date_sold" as "date_sold", "p"."date_suspended" as "date_suspended", "p"."date_modified_operator" as "date_modified_operator", to_char(p.active_date, 'YYYY-MM-DD') as "active_property_date_limit", (SELECT "o"."first_name" || ' ' || "o"."last_name"
    FROM users o
    WHERE o.user_id = p.operator_id) as "operator_name", (SELECT "u"."first_name" || ' ' || "u"."last_name"
    FROM users u
    WHERE u.user_id = p.user_id) as "owner_name", trim(both '-'
    from lower(regexp_replace(p.property_name, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || p.property_id as "slug", "a"."first_name" || ' ' || "a"."last_name" as "agent_name", "a"."phone_1" as "agent_phone_1", "a"."phone_2" as "agent_phone_2", (SELECT '/media/' || m.thumbnail
    FROM property_media m
           
    WHERE m.property_id = "page"."id" AND m.is_default) as "image", (SELECT t.town_name
    FROM towns t
    WHERE t.town_id = p.town_id) as "town_name", (SELECT v.province_name
    FROM provinces v
    WHERE v.province_id = p.province_id) as "province_name", (SELECT c.product_category_name
    FROM product_categories c
           
    WHERE c.product_category_id = p.product_category_id) as "product_category_name", (SELECT y.property_type
    FROM property_types y
           
    WHERE y.property_type_id = p.property_type_id) as "property_type"
  from (select "p"."property_id" as "id", "p"."date_first_added" as "date_first_added", "p"."property_name" as "property_name", coalesce(p.sale_price_asked, p.rental_price_asked) as "price", "p"."status" as "status"
    from "properties" as "p"
    where true
    order by "p"."date_first_added" desc, "p"."property_id" desc
    limit $1
    offset $2) as "page"
  inner join "properties" as "p" on "p"."property_id" = "page"."id"
  left join "users" as "a" on "a"."user_id" = "p"."agent_id"
  order by "page"."date_first_added" desc, "page"."id" desc;

select count(*) as "n"
  from (select "p"."property_id" as "id", "p"."date_first_added" as "date_first_added", "p"."property_name" as "property_name", coalesce(p.sale_price_asked, p.rental_price_asked) as "price", "p"."status" as "status"
    from "properties" as "p"
    where true
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "page".*, p.user_id as "user_id", p.user_type as "user_type", p.created_by as "created_by", p.agency_id as "agency_id", "p"."unit_number" as "unit_no", "p"."house_number" as "house_lot_no", "p"."street_name" as "street_name", "p"."building_name" as "property_building_name", "p"."province_id" as "province_id", "p"."town_id" as "town_id", "p"."barangay_id" as "barangay_id", "p"."subdivision_id" as "subdivison_id", "p"."zip_code" as "zipcode", "p"."seller_id" as "seller_id", "p"."broker_id" as "associatedBroker", "p"."domain" as "domain", "p"."agent_id" as "agent_id", "p"."secondary_agent_id" as "secondary_agent_id", "p"."third_agent_id" as "third_agent_id", "p"."is_featured" as "isFeatured", "p"."property_headline" as "property_headline", "p"."property_description" as "property_description", "p"."property_classification_id" as "property_classification_id", "p"."product_category_id" as "product_category_id", "p"."property_type_id" as "property_type_id", "p"."agri_type_id" as "agri_type", "p"."price_asked" as "price_asked", "p"."land_area" as "land_area", "p"."building_area" as "building_area", "p"."longitude" as "longitude", "p"."latitude" as "latitude", "p"."bedrooms" as "no_bedrooms", "p"."toilets" as "no_toilets", "p"."uncovered_car_spaces" as "car_spaces_uncovered_property", "p"."covered_car_spaces" as "garage_spaces_covered_property", "p"."furnishing" as "furnishing", "p"."floor_level" as "select_floor_level", "p"."rental_price_asked" as "rental_price_asked", "p"."rental_pricing_unit" as "rental_pricing_unit", "p"."minimum_rental_period" as "minimum_rental_period_rent", "p"."maximum_rental_period" as "car_spaces_rent", "p"."rent_due_day" as "date_of_month_rent_due", CASE p.period_can_extend WHEN true THEN 'Yes' WHEN false THEN 'No' END as "period_can_extend", to_char("p"."date_rental_started", 'YYYY-MM-DD') as "date_rental_started", to_char("p"."current_rental_expires", 'YYYY-MM-DD') as "current_rental_expires", "p"."rental_switch_on" as "rental_switch_on", "p"."sale_price_asked" as "sale_price", "p"."price_per_sq_m" as "price_per_sq_m", "p"."sale_switch_on" as "sale_switch_on", "p"."product_mode_id" as "minimum_rental_period_sale", "p"."garage" as "garage", "p"."cooling" as "cooling", "p"."heating_type" as "heatingtype", "p"."elevator" as "elevator", "p"."free_wifi" as "freewifi", "p"."exterior" as "exteriour", "p"."kitchen" as "kitchen", "p"."fireplace" as "fireplace", "p"."swimming_pool" as "swimming_pool", "p"."year" as "year", "p"."suspended_reason" as "suspendedReason", "p"."price_rented" as "priceRented", "p"."sale_price" as "priceSoldFor", "p"."zonal_value" as "zonalValue", "p"."zoning_code_id" as "zonningCode", to_char("p"."active_date", 'YYYY-MM-DD') as "active_date", "p"."date_last_modified" as "date_last_modified", "p"."date_last_status_change" as "date_last_status_change", "p"."date_sold" as "date_sold", "p"."date_suspended" as "date_suspended", "p"."date_modified_operator" as "date_modified_operator", to_char(p.active_date, 'YYYY-MM-DD') as "active_property_date_limit", (SELECT "o"."first_name" || ' ' || "o"."last_name"
    FROM users o
    WHERE o.user_id = p.operator_id) as "operator_name", (SELECT "u"."first_name" || ' ' || "u"."last_name"
    FROM users u
    WHERE u.user_id = p.user_id) as "owner_name", trim(both '-'
    from lower(regexp_replace(p.property_name, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || p.property_id as "slug", "a"."first_name" || ' ' || "a"."last_name" as "agent_name", "a"."phone_1" as "agent_phone_1", "a"."phone_2" as "agent_phone_2", (SELECT '/media/' || m.thumbnail
    FROM property_media m
           
    WHERE m.property_id = "page"."id" AND m.is_default) as "image", (SELECT t.town_name
    FROM towns t
    WHERE t.town_id = p.town_id) as "town_name", (SELECT v.province_name
    FROM provinces v
    WHERE v.province_id = p.province_id) as "province_name", (SELECT c.product_category_name
    FROM product_categories c
           
    WHERE c.product_category_id = p.product_category_id) as "product_category_name", (SELECT y.property_type
    FROM property_types y
           
    WHERE y.property_type_id = p.property_type_id) as "property_type"
  from (select "p"."property_id" as "id", "p"."date_first_added" as "date_first_added", "p"."property_name" as "property_name", coalesce(p.sale_price_asked, p.rental_price_asked) as "price", "p"."status" as "status"
    from "properties" as "p"
    where true and (split_part(p.search_document, chr(57349), 1) ~ ($1 || regexp_replace(lower($2), $3, $4, 'g')))
    order by "p"."date_first_added" desc, "p"."property_id" desc
    limit $5
    offset $6) as "page"
  inner join "properties" as "p" on "p"."property_id" = "page"."id"
  left join "users" as "a" on "a"."user_id" = "p"."agent_id"
  order by "page"."date_first_added" desc, "page"."id" desc;

select count(*) as "n"
  from (select "p"."property_id" as "id", "p"."date_first_added" as "date_first_added", "p"."property_name" as "property_name", coalesce(p.sale_price_asked, p.rental_price_asked) as "price", "p"."status" as "status"
    from "properties" as "p"
    where true and (split_part(p.search_document, chr(57349), 1) ~ ($1 || regexp_replace(lower($2), $3, $4, 'g')))
    limit $5) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "page".*, p.user_id as "user_id", p.user_type as "user_type", p.created_by as "created_by", p.agency_id as "agency_id", "p"."unit_number" as "unit_no", "p"."house_number" as "house_lot_no", "p"."street_name" as "street_name", "p"."building_name" as "property_building_name", "p"."province_id" as "province_id", "p"."town_id" as "town_id", "p"."barangay_id" as "barangay_id", "p"."subdivision_id" as "subdivison_id", "p"."zip_code" as "zipcode", "p"."seller_id" as "seller_id", "p"."broker_id" as "associatedBroker", "p"."domain" as "domain", "p"."agent_id" as "agent_id", "p"."secondary_agent_id" as "secondary_agent_id", "p"."third_agent_id" as "third_agent_id", "p"."is_featured" as "isFeatured", "p"."property_headline" as "property_headline", "p"."property_description" as "property_description", "p"."property_classification_id" as "property_classification_id", "p"."product_category_id" as "product_category_id", "p"."property_type_id" as "property_type_id", "p"."agri_type_id" as "agri_type", "p"."price_asked" as "price_asked", "p"."land_area" as "land_area", "p"."building_area" as "building_area", "p"."longitude" as "longitude", "p"."latitude" as "latitude", "p"."bedrooms" as "no_bedrooms", "p"."toilets" as "no_toilets", "p"."uncovered_car_spaces" as "car_spaces_uncovered_property", "p"."covered_car_spaces" as "garage_spaces_covered_property", "p"."furnishing" as "furnishing", "p"."floor_level" as "select_floor_level", "p"."rental_price_asked" as "rental_price_asked", "p"."rental_pricing_unit" as "rental_pricing_unit", "p"."minimum_rental_period" as "minimum_rental_period_rent", "p"."maximum_rental_period" as "car_spaces_rent", "p"."rent_due_day" as "date_of_month_rent_due", CASE p.period_can_extend WHEN true THEN 'Yes' WHEN false THEN 'No' END as "period_can_extend", to_char("p"."date_rental_started", 'YYYY-MM-DD') as "date_rental_started", to_char("p"."current_rental_expires", 'YYYY-MM-DD') as "current_rental_expires", "p"."rental_switch_on" as "rental_switch_on", "p"."sale_price_asked" as "sale_price", "p"."price_per_sq_m" as "price_per_sq_m", "p"."sale_switch_on" as "sale_switch_on", "p"."product_mode_id" as "minimum_rental_period_sale", "p"."garage" as "garage", "p"."cooling" as "cooling", "p"."heating_type" as "heatingtype", "p"."elevator" as "elevator", "p"."free_wifi" as "freewifi", "p"."exterior" as "exteriour", "p"."kitchen" as "kitchen", "p"."fireplace" as "fireplace", "p"."swimming_pool" as "swimming_pool", "p"."year" as "year", "p"."suspended_reason" as "suspendedReason", "p"."price_rented" as "priceRented", "p"."sale_price" as "priceSoldFor", "p"."zonal_value" as "zonalValue", "p"."zoning_code_id" as "zonningCode", to_char("p"."active_date", 'YYYY-MM-DD') as "active_date", "p"."date_last_modified" as "date_last_modified", "p"."date_last_status_change" as "date_last_status_change", "p"."date_sold" as "date_sold", "p"."date_suspended" as "date_suspended", "p"."date_modified_operator" as "date_modified_operator", to_char(p.active_date, 'YYYY-MM-DD') as "active_property_date_limit", (SELECT "o"."first_name" || ' ' || "o"."last_name"
    FROM users o
    WHERE o.user_id = p.operator_id) as "operator_name", (SELECT "u"."first_name" || ' ' || "u"."last_name"
    FROM users u
    WHERE u.user_id = p.user_id) as "owner_name", trim(both '-'
    from lower(regexp_replace(p.property_name, '[^a-zA-Z0-9]+', '-', 'g'))) || '-' || p.property_id as "slug", "a"."first_name" || ' ' || "a"."last_name" as "agent_name", "a"."phone_1" as "agent_phone_1", "a"."phone_2" as "agent_phone_2", (SELECT '/media/' || m.thumbnail
    FROM property_media m
           
    WHERE m.property_id = "page"."id" AND m.is_default) as "image", (SELECT t.town_name
    FROM towns t
    WHERE t.town_id = p.town_id) as "town_name", (SELECT v.province_name
    FROM provinces v
    WHERE v.province_id = p.province_id) as "province_name", (SELECT c.product_category_name
    FROM product_categories c
           
    WHERE c.product_category_id = p.product_category_id) as "product_category_name", (SELECT y.property_type
    FROM property_types y
           
    WHERE y.property_type_id = p.property_type_id) as "property_type"
  from (select "p"."property_id" as "id", "p"."date_first_added" as "date_first_added", "p"."property_name" as "property_name", coalesce(p.sale_price_asked, p.rental_price_asked) as "price", "p"."status" as "status"
    from "properties" as "p"
    where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5))
    order by "p"."date_first_added" desc, "p"."property_id" desc
    limit $6
    offset $7) as "page"
  inner join "properties" as "p" on "p"."property_id" = "page"."id"
  left join "users" as "a" on "a"."user_id" = "p"."agent_id"
  order by "page"."date_first_added" desc, "page"."id" desc;

select count(*) as "n"
  from (select "p"."property_id" as "id", "p"."date_first_added" as "date_first_added", "p"."property_name" as "property_name", coalesce(p.sale_price_asked, p.rental_price_asked) as "price", "p"."status" as "status"
    from "properties" as "p"
    where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5))
    limit $6) as "counted";
