-- getSoldRentReport: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "p"."property_id", "s"."seller_name", "p"."property_name", (CASE WHEN p.status = 'Sold' THEN coalesce(p.sale_price, p.sale_price_asked)
  ELSE coalesce(p.price_rented, p.rental_price_asked) END)::float8 as "price", to_char("p"."date_sold" AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') as "date_sold", to_char(CASE WHEN p.status = 'Occupied' THEN (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) END, 'YYYY-MM-DD') as "date_rented", "p"."street_name", "p"."building_name" as "property_building_name", "b"."broker_name" as "broker_associated", "p"."status", "p"."seller_id", "p"."broker_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  where true and p.status IN ('Sold', 'Occupied') and (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) BETWEEN $1::date AND $2::date
  order by (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) desc, "p"."property_id" desc
  limit $3
  offset $4;

select count(*) as "n"
  from (select "p"."property_id", "s"."seller_name", "p"."property_name", (CASE WHEN p.status = 'Sold' THEN coalesce(p.sale_price, p.sale_price_asked)
  ELSE coalesce(p.price_rented, p.rental_price_asked) END)::float8 as "price", to_char("p"."date_sold" AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') as "date_sold", to_char(CASE WHEN p.status = 'Occupied' THEN (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) END, 'YYYY-MM-DD') as "date_rented", "p"."street_name", "p"."building_name" as "property_building_name", "b"."broker_name" as "broker_associated", "p"."status", "p"."seller_id", "p"."broker_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where true and p.status IN ('Sold', 'Occupied') and (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) BETWEEN $1::date AND $2::date
    limit $3) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "p"."property_id", "s"."seller_name", "p"."property_name", (CASE WHEN p.status = 'Sold' THEN coalesce(p.sale_price, p.sale_price_asked)
  ELSE coalesce(p.price_rented, p.rental_price_asked) END)::float8 as "price", to_char("p"."date_sold" AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') as "date_sold", to_char(CASE WHEN p.status = 'Occupied' THEN (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) END, 'YYYY-MM-DD') as "date_rented", "p"."street_name", "p"."building_name" as "property_building_name", "b"."broker_name" as "broker_associated", "p"."status", "p"."seller_id", "p"."broker_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  where true and p.status IN ('Sold', 'Occupied') and (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) BETWEEN $1::date AND $2::date;

select "p"."property_id", "s"."seller_name", "p"."property_name", (CASE WHEN p.status = 'Sold' THEN coalesce(p.sale_price, p.sale_price_asked)
  ELSE coalesce(p.price_rented, p.rental_price_asked) END)::float8 as "price", to_char("p"."date_sold" AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') as "date_sold", to_char(CASE WHEN p.status = 'Occupied' THEN (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) END, 'YYYY-MM-DD') as "date_rented", "p"."street_name", "p"."building_name" as "property_building_name", "b"."broker_name" as "broker_associated", "p"."status", "p"."seller_id", "p"."broker_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  where true and p.status IN ('Sold', 'Occupied') and (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) BETWEEN $1::date AND $2::date and ((split_part(p.search_document, chr(57349), 1) ~ ($3 || regexp_replace(lower($4), $5, $6, 'g')) OR substr(p.search_document, strpos(p.search_document, chr(57349))) ~ ($7 || regexp_replace(lower($8), $9, $10, 'g')))) and "p"."property_id" = ANY ($11)
  order by ROW((CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END), "p"."property_id") desc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key desc, counted.match_key desc), '{}') END as "matches"
  from (select "p"."property_id", "s"."seller_name", "p"."property_name", (CASE WHEN p.status = 'Sold' THEN coalesce(p.sale_price, p.sale_price_asked)
  ELSE coalesce(p.price_rented, p.rental_price_asked) END)::float8 as "price", to_char("p"."date_sold" AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') as "date_sold", to_char(CASE WHEN p.status = 'Occupied' THEN (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) END, 'YYYY-MM-DD') as "date_rented", "p"."street_name", "p"."building_name" as "property_building_name", "b"."broker_name" as "broker_associated", "p"."status", "p"."seller_id", "p"."broker_id", "p"."property_id" as "match_key", (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) as "sort_key"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where true and p.status IN ('Sold', 'Occupied') and (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) BETWEEN $2::date AND $3::date and ((split_part(p.search_document, chr(57349), 1) ~ ($4 || regexp_replace(lower($5), $6, $7, 'g')) OR substr(p.search_document, strpos(p.search_document, chr(57349))) ~ ($8 || regexp_replace(lower($9), $10, $11, 'g'))))
    limit $12) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "p"."property_id", "s"."seller_name", "p"."property_name", (CASE WHEN p.status = 'Sold' THEN coalesce(p.sale_price, p.sale_price_asked)
  ELSE coalesce(p.price_rented, p.rental_price_asked) END)::float8 as "price", to_char("p"."date_sold" AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') as "date_sold", to_char(CASE WHEN p.status = 'Occupied' THEN (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) END, 'YYYY-MM-DD') as "date_rented", "p"."street_name", "p"."building_name" as "property_building_name", "b"."broker_name" as "broker_associated", "p"."status", "p"."seller_id", "p"."broker_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
      FROM users
      WHERE user_id = $5)) and p.status IN ('Sold', 'Occupied') and (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) BETWEEN $6::date AND $7::date
  order by (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) desc, "p"."property_id" desc
  limit $8
  offset $9;

select count(*) as "n"
  from (select "p"."property_id", "s"."seller_name", "p"."property_name", (CASE WHEN p.status = 'Sold' THEN coalesce(p.sale_price, p.sale_price_asked)
  ELSE coalesce(p.price_rented, p.rental_price_asked) END)::float8 as "price", to_char("p"."date_sold" AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD') as "date_sold", to_char(CASE WHEN p.status = 'Occupied' THEN (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) END, 'YYYY-MM-DD') as "date_rented", "p"."street_name", "p"."building_name" as "property_building_name", "b"."broker_name" as "broker_associated", "p"."status", "p"."seller_id", "p"."broker_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5)) and p.status IN ('Sold', 'Occupied') and (CASE WHEN p.status = 'Sold' THEN (p.date_sold AT TIME ZONE 'Asia/Manila')::date
  ELSE coalesce(p.date_rental_started, (p.date_last_status_change AT TIME ZONE 'Asia/Manila')::date) END) BETWEEN $6::date AND $7::date
    limit $8) as "counted";
