-- getOpenPendingPropertyReport: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, (SELECT coalesce(string_agg(l.broker_association_id::text, ','
           
        ORDER BY l.broker_association_id), '')
         
    FROM broker_broker_associations l
    WHERE l.broker_id = "page"."broker_id") as "broker_association_id"
  from (select "p"."property_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "b"."broker_name" as "broker_associated", "p"."seller_id", "p"."agent_id", "p"."property_name", (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')))::int as "months", CASE WHEN p.status = 'Pending'
  THEN (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')))::int END as "pending", "p"."status", "p"."broker_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where true and p.status IN ('Open', 'Pending')
    order by "p"."broker_id" asc, "p"."property_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."broker_id" asc, "page"."property_id" asc;

select count(*) as "n"
  from (select "p"."property_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "b"."broker_name" as "broker_associated", "p"."seller_id", "p"."agent_id", "p"."property_name", (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')))::int as "months", CASE WHEN p.status = 'Pending'
  THEN (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')))::int END as "pending", "p"."status", "p"."broker_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where true and p.status IN ('Open', 'Pending')
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "p"."property_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "b"."broker_name" as "broker_associated", "p"."seller_id", "p"."agent_id", "p"."property_name", (extract(year
      FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
      FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')))::int as "months", CASE WHEN p.status = 'Pending'
  THEN (extract(year
      FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
      FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')))::int END as "pending", "p"."status", "p"."broker_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  where true and p.status IN ('Open', 'Pending');

select "page".*, (SELECT coalesce(string_agg(l.broker_association_id::text, ','
           
        ORDER BY l.broker_association_id), '')
         
    FROM broker_broker_associations l
    WHERE l.broker_id = "page"."broker_id") as "broker_association_id"
  from (select "p"."property_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "b"."broker_name" as "broker_associated", "p"."seller_id", "p"."agent_id", "p"."property_name", (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')))::int as "months", CASE WHEN p.status = 'Pending'
  THEN (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')))::int END as "pending", "p"."status", "p"."broker_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where true and p.status IN ('Open', 'Pending') and ((split_part(p.search_document, chr(57349), 1) ~ ($1 || regexp_replace(lower($2), $3, $4, 'g')) OR substr(p.search_document, strpos(p.search_document, chr(57349))) ~ ($5 || regexp_replace(lower($6), $7, $8, 'g')))) and "p"."property_id" = ANY ($9)
    order by ROW("p"."broker_id", "p"."property_id") asc) as "page"
  order by "page"."broker_id" asc, "page"."property_id" asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "p"."property_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "b"."broker_name" as "broker_associated", "p"."seller_id", "p"."agent_id", "p"."property_name", (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')))::int as "months", CASE WHEN p.status = 'Pending'
  THEN (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')))::int END as "pending", "p"."status", "p"."broker_id", "p"."property_id" as "match_key", "p"."broker_id" as "sort_key"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where true and p.status IN ('Open', 'Pending') and ((split_part(p.search_document, chr(57349), 1) ~ ($2 || regexp_replace(lower($3), $4, $5, 'g')) OR substr(p.search_document, strpos(p.search_document, chr(57349))) ~ ($6 || regexp_replace(lower($7), $8, $9, 'g'))))
    limit $10) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "page".*, (SELECT coalesce(string_agg(l.broker_association_id::text, ','
           
        ORDER BY l.broker_association_id), '')
         
    FROM broker_broker_associations l
    WHERE l.broker_id = "page"."broker_id") as "broker_association_id"
  from (select "p"."property_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "b"."broker_name" as "broker_associated", "p"."seller_id", "p"."agent_id", "p"."property_name", (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')))::int as "months", CASE WHEN p.status = 'Pending'
  THEN (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')))::int END as "pending", "p"."status", "p"."broker_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5)) and p.status IN ('Open', 'Pending')
    order by "p"."broker_id" asc, "p"."property_id" asc
    limit $6
    offset $7) as "page"
  order by "page"."broker_id" asc, "page"."property_id" asc;

select count(*) as "n"
  from (select "p"."property_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "b"."broker_name" as "broker_associated", "p"."seller_id", "p"."agent_id", "p"."property_name", (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_first_added" AT TIME ZONE 'Asia/Manila')))::int as "months", CASE WHEN p.status = 'Pending'
  THEN (extract(year
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')) * 12 + extract(month
        FROM age(now() AT TIME ZONE 'Asia/Manila', "p"."date_last_status_change" AT TIME ZONE 'Asia/Manila')))::int END as "pending", "p"."status", "p"."broker_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5)) and p.status IN ('Open', 'Pending')
    limit $6) as "counted";
