-- getSuspectedDuplicatesReport: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select count(*) as "n"
  from (select "p"."property_id"
    from "properties" as "p"
    where ("p"."date_first_added" >= (($1::date + $2::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($3::date + $4::int)::timestamp AT TIME ZONE 'Asia/Manila')) and true
    limit $5) as "counted";

select count(*) as "n"
  from (select p.property_id || '-' || q.property_id as "pair_id", "p"."property_id", "q"."property_id" as "other_property_id", "p"."date_first_added", "p"."property_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "q"."property_name" as "other_property_name", (SELECT "oa"."first_name" || ' ' || "oa"."last_name"
      FROM properties o
  JOIN users oa ON oa.user_id = coalesce(o.agent_id, o.user_id)
      WHERE o.property_id = q.property_id) as "other_agent_name", (SELECT b.barangay_name
      FROM barangays b
      WHERE b.barangay_id = p.barangay_id) as "barangay_name", round(round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 * 100)::int as "similarity"
    from "properties" as "p"
    inner join "properties" as "q" on q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ("q"."land_area" BETWEEN "p"."land_area" * $1 AND "p"."land_area" / $2
    AND ("p"."sale_price_asked" IS NULL OR "q"."sale_price_asked" IS NULL OR "q"."sale_price_asked" BETWEEN "p"."sale_price_asked" * $3 AND "p"."sale_price_asked" / $4)
    AND ("p"."rental_price_asked" IS NULL OR "q"."rental_price_asked" IS NULL OR "q"."rental_price_asked" BETWEEN "p"."rental_price_asked" * $5 AND "p"."rental_price_asked" / $6)
    AND round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 >= $7)
    left join "users" as "ag" on ag.user_id = coalesce(p.agent_id, p.user_id)
    where true and true and ("p"."date_first_added" >= (($8::date + $9::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($10::date + $11::int)::timestamp AT TIME ZONE 'Asia/Manila'))
    limit $12) as "counted";

select p.property_id || '-' || q.property_id as "pair_id", "p"."property_id", "q"."property_id" as "other_property_id", "p"."date_first_added", "p"."property_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "q"."property_name" as "other_property_name", (SELECT "oa"."first_name" || ' ' || "oa"."last_name"
    FROM properties o
  JOIN users oa ON oa.user_id = coalesce(o.agent_id, o.user_id)
    WHERE o.property_id = q.property_id) as "other_agent_name", (SELECT b.barangay_name
    FROM barangays b
    WHERE b.barangay_id = p.barangay_id) as "barangay_name", round(round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 * 100)::int as "similarity"
  from "properties" as "p"
  inner join "properties" as "q" on q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ("q"."land_area" BETWEEN "p"."land_area" * $1 AND "p"."land_area" / $2
    AND ("p"."sale_price_asked" IS NULL OR "q"."sale_price_asked" IS NULL OR "q"."sale_price_asked" BETWEEN "p"."sale_price_asked" * $3 AND "p"."sale_price_asked" / $4)
    AND ("p"."rental_price_asked" IS NULL OR "q"."rental_price_asked" IS NULL OR "q"."rental_price_asked" BETWEEN "p"."rental_price_asked" * $5 AND "p"."rental_price_asked" / $6)
    AND round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 >= $7)
  left join "users" as "ag" on ag.user_id = coalesce(p.agent_id, p.user_id)
  where true and true and ("p"."date_first_added" >= (($8::date + $9::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($10::date + $11::int)::timestamp AT TIME ZONE 'Asia/Manila'))
  order by "p"."date_first_added" desc, "p"."property_id" desc, "q"."property_id" desc
  limit $12
  offset $13;

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "p"."property_id"
  from "properties" as "p"
  where split_part(p.search_document, chr(57349), 1) ~ ($1 || regexp_replace(lower($2), $3, $4, 'g'));

EXPLAIN (FORMAT JSON) select p.property_id || '-' || q.property_id as "pair_id", "p"."property_id", "q"."property_id" as "other_property_id", "p"."date_first_added", "p"."property_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "q"."property_name" as "other_property_name", (SELECT "oa"."first_name" || ' ' || "oa"."last_name"
    FROM properties o
  JOIN users oa ON oa.user_id = coalesce(o.agent_id, o.user_id)
    WHERE o.property_id = q.property_id) as "other_agent_name", (SELECT b.barangay_name
    FROM barangays b
    WHERE b.barangay_id = p.barangay_id) as "barangay_name", round(round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 * 100)::int as "similarity"
  from (
        SELECT p.property_id, q.property_id AS other_property_id
   
    FROM properties p JOIN properties q ON q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ("q"."land_area" BETWEEN "p"."land_area" * $1 AND "p"."land_area" / $2
    AND ("p"."sale_price_asked" IS NULL OR "q"."sale_price_asked" IS NULL OR "q"."sale_price_asked" BETWEEN "p"."sale_price_asked" * $3 AND "p"."sale_price_asked" / $4)
    AND ("p"."rental_price_asked" IS NULL OR "q"."rental_price_asked" IS NULL OR "q"."rental_price_asked" BETWEEN "p"."rental_price_asked" * $5 AND "p"."rental_price_asked" / $6)
    AND round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 >= $7)
      -- The same area bounds seen
    from the older listing: its newer neighbours found by index too.
      AND "p"."land_area" BETWEEN "q"."land_area" * $8 AND "q"."land_area" / $9
   
    WHERE "p"."property_id" = ANY ($10::int[]) AND ("p"."date_first_added" >= (($11::date + $12::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($13::date + $14::int)::timestamp AT TIME ZONE 'Asia/Manila'))
    UNION SELECT p.property_id, q.property_id AS other_property_id
   
    FROM properties p JOIN properties q ON q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ("q"."land_area" BETWEEN "p"."land_area" * $15 AND "p"."land_area" / $16
    AND ("p"."sale_price_asked" IS NULL OR "q"."sale_price_asked" IS NULL OR "q"."sale_price_asked" BETWEEN "p"."sale_price_asked" * $17 AND "p"."sale_price_asked" / $18)
    AND ("p"."rental_price_asked" IS NULL OR "q"."rental_price_asked" IS NULL OR "q"."rental_price_asked" BETWEEN "p"."rental_price_asked" * $19 AND "p"."rental_price_asked" / $20)
    AND round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 >= $21)
      -- The same area bounds seen
    from the older listing: its newer neighbours found by index too.
      AND "p"."land_area" BETWEEN "q"."land_area" * $22 AND "q"."land_area" / $23
   
    WHERE "q"."property_id" = ANY ($24::int[]) AND ("p"."date_first_added" >= (($25::date + $26::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($27::date + $28::int)::timestamp AT TIME ZONE 'Asia/Manila'))) as "pair"
  inner join "properties" as "p" on "p"."property_id" = "pair"."property_id"
  inner join "properties" as "q" on "q"."property_id" = "pair"."other_property_id"
  left join "users" as "ag" on ag.user_id = coalesce(p.agent_id, p.user_id)
  where true and true and ("p"."date_first_added" >= (($29::date + $30::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($31::date + $32::int)::timestamp AT TIME ZONE 'Asia/Manila'));

select "p"."property_id"
  from "properties" as "p"
  where split_part(p.search_document, chr(57349), 1) ~ ($1 || regexp_replace(lower($2), $3, $4, 'g'))
  limit $5;

select count(*) as "n"
  from (select p.property_id || '-' || q.property_id as "pair_id", "p"."property_id", "q"."property_id" as "other_property_id", "p"."date_first_added", "p"."property_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "q"."property_name" as "other_property_name", (SELECT "oa"."first_name" || ' ' || "oa"."last_name"
      FROM properties o
  JOIN users oa ON oa.user_id = coalesce(o.agent_id, o.user_id)
      WHERE o.property_id = q.property_id) as "other_agent_name", (SELECT b.barangay_name
      FROM barangays b
      WHERE b.barangay_id = p.barangay_id) as "barangay_name", round(round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 * 100)::int as "similarity"
    from (
        SELECT p.property_id, q.property_id AS other_property_id
   
      FROM properties p JOIN properties q ON q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ("q"."land_area" BETWEEN "p"."land_area" * $1 AND "p"."land_area" / $2
    AND ("p"."sale_price_asked" IS NULL OR "q"."sale_price_asked" IS NULL OR "q"."sale_price_asked" BETWEEN "p"."sale_price_asked" * $3 AND "p"."sale_price_asked" / $4)
    AND ("p"."rental_price_asked" IS NULL OR "q"."rental_price_asked" IS NULL OR "q"."rental_price_asked" BETWEEN "p"."rental_price_asked" * $5 AND "p"."rental_price_asked" / $6)
    AND round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 >= $7)
      -- The same area bounds seen
      from the older listing: its newer neighbours found by index too.
      AND "p"."land_area" BETWEEN "q"."land_area" * $8 AND "q"."land_area" / $9
   
      WHERE "p"."property_id" = ANY ($10::int[]) AND ("p"."date_first_added" >= (($11::date + $12::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($13::date + $14::int)::timestamp AT TIME ZONE 'Asia/Manila'))
      UNION SELECT p.property_id, q.property_id AS other_property_id
   
      FROM properties p JOIN properties q ON q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ("q"."land_area" BETWEEN "p"."land_area" * $15 AND "p"."land_area" / $16
    AND ("p"."sale_price_asked" IS NULL OR "q"."sale_price_asked" IS NULL OR "q"."sale_price_asked" BETWEEN "p"."sale_price_asked" * $17 AND "p"."sale_price_asked" / $18)
    AND ("p"."rental_price_asked" IS NULL OR "q"."rental_price_asked" IS NULL OR "q"."rental_price_asked" BETWEEN "p"."rental_price_asked" * $19 AND "p"."rental_price_asked" / $20)
    AND round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 >= $21)
      -- The same area bounds seen
      from the older listing: its newer neighbours found by index too.
      AND "p"."land_area" BETWEEN "q"."land_area" * $22 AND "q"."land_area" / $23
   
      WHERE "q"."property_id" = ANY ($24::int[]) AND ("p"."date_first_added" >= (($25::date + $26::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($27::date + $28::int)::timestamp AT TIME ZONE 'Asia/Manila'))) as "pair"
    inner join "properties" as "p" on "p"."property_id" = "pair"."property_id"
    inner join "properties" as "q" on "q"."property_id" = "pair"."other_property_id"
    left join "users" as "ag" on ag.user_id = coalesce(p.agent_id, p.user_id)
    where true and true and ("p"."date_first_added" >= (($29::date + $30::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($31::date + $32::int)::timestamp AT TIME ZONE 'Asia/Manila')) and (p.property_name ILIKE $33 OR q.property_name ILIKE $34)
    limit $35) as "counted";

select p.property_id || '-' || q.property_id as "pair_id", "p"."property_id", "q"."property_id" as "other_property_id", "p"."date_first_added", "p"."property_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "q"."property_name" as "other_property_name", (SELECT "oa"."first_name" || ' ' || "oa"."last_name"
    FROM properties o
  JOIN users oa ON oa.user_id = coalesce(o.agent_id, o.user_id)
    WHERE o.property_id = q.property_id) as "other_agent_name", (SELECT b.barangay_name
    FROM barangays b
    WHERE b.barangay_id = p.barangay_id) as "barangay_name", round(round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 * 100)::int as "similarity"
  from (
        SELECT p.property_id, q.property_id AS other_property_id
   
    FROM properties p JOIN properties q ON q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ("q"."land_area" BETWEEN "p"."land_area" * $1 AND "p"."land_area" / $2
    AND ("p"."sale_price_asked" IS NULL OR "q"."sale_price_asked" IS NULL OR "q"."sale_price_asked" BETWEEN "p"."sale_price_asked" * $3 AND "p"."sale_price_asked" / $4)
    AND ("p"."rental_price_asked" IS NULL OR "q"."rental_price_asked" IS NULL OR "q"."rental_price_asked" BETWEEN "p"."rental_price_asked" * $5 AND "p"."rental_price_asked" / $6)
    AND round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 >= $7)
      -- The same area bounds seen
    from the older listing: its newer neighbours found by index too.
      AND "p"."land_area" BETWEEN "q"."land_area" * $8 AND "q"."land_area" / $9
   
    WHERE "p"."property_id" = ANY ($10::int[]) AND ("p"."date_first_added" >= (($11::date + $12::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($13::date + $14::int)::timestamp AT TIME ZONE 'Asia/Manila'))
    UNION SELECT p.property_id, q.property_id AS other_property_id
   
    FROM properties p JOIN properties q ON q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ("q"."land_area" BETWEEN "p"."land_area" * $15 AND "p"."land_area" / $16
    AND ("p"."sale_price_asked" IS NULL OR "q"."sale_price_asked" IS NULL OR "q"."sale_price_asked" BETWEEN "p"."sale_price_asked" * $17 AND "p"."sale_price_asked" / $18)
    AND ("p"."rental_price_asked" IS NULL OR "q"."rental_price_asked" IS NULL OR "q"."rental_price_asked" BETWEEN "p"."rental_price_asked" * $19 AND "p"."rental_price_asked" / $20)
    AND round(((similarity("p"."property_name", "q"."property_name") + similarity("p"."street_name", "q"."street_name")) / 2)::numeric, 2)::float8 >= $21)
      -- The same area bounds seen
    from the older listing: its newer neighbours found by index too.
      AND "p"."land_area" BETWEEN "q"."land_area" * $22 AND "q"."land_area" / $23
   
    WHERE "q"."property_id" = ANY ($24::int[]) AND ("p"."date_first_added" >= (($25::date + $26::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($27::date + $28::int)::timestamp AT TIME ZONE 'Asia/Manila'))) as "pair"
  inner join "properties" as "p" on "p"."property_id" = "pair"."property_id"
  inner join "properties" as "q" on "q"."property_id" = "pair"."other_property_id"
  left join "users" as "ag" on ag.user_id = coalesce(p.agent_id, p.user_id)
  where true and true and ("p"."date_first_added" >= (($29::date + $30::int)::timestamp AT TIME ZONE 'Asia/Manila') AND "p"."date_first_added" < (($31::date + $32::int)::timestamp AT TIME ZONE 'Asia/Manila')) and (p.property_name ILIKE $33 OR q.property_name ILIKE $34)
  order by ROW("p"."date_first_added", "p"."property_id", "q"."property_id") desc
  limit $35
  offset $36;

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
