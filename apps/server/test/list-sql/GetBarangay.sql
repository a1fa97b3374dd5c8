-- GetBarangay: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, coalesce((SELECT string_agg("a"."adjacent_barangay_id"::text, ','
        ORDER BY "a"."adjacent_barangay_id")
      FROM "barangay_adjacency" a
     
      WHERE "a"."barangay_id" = "page"."barangay_id"), '') as "adjacent_barangay_id", coalesce((SELECT string_agg("o"."barangay_name", ', '
        ORDER BY "o"."barangay_name")
      FROM "barangay_adjacency" a JOIN "barangays" o ON "o"."barangay_id" = "a"."adjacent_barangay_id"
      WHERE "a"."barangay_id" = "page"."barangay_id"), '') as "adjacent_barangay", coalesce((SELECT json_agg(json_build_object('id', "o"."barangay_id", 'name', "o"."barangay_name", 'status',
      o.status)
        ORDER BY "o"."barangay_name", "o"."barangay_id")
      FROM "barangay_adjacency" a JOIN "barangays" o ON "o"."barangay_id" = "a"."adjacent_barangay_id"
      WHERE "a"."barangay_id" = "page"."barangay_id"), '[]') as "adjacent_barangays"
  from (select "m"."barangay_id" as "barangay_id", "m"."status" as "barangay_status", "m"."barangay_name" as "barangay_name", "t"."province_id" as "province_id", "m"."town_id" as "town_id", "m"."zip_code" as "zip_code", "t"."town_name" as "town_name", "p"."province_name" as "province_name"
    from "barangays" as "m"
    inner join "towns" as "t" on "t"."town_id" = "m"."town_id"
    inner join "provinces" as "p" on "p"."province_id" = "t"."province_id"
    order by "m"."barangay_name" asc, "m"."barangay_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."barangay_name" asc, "page"."barangay_id" asc;

select count(*) as "n"
  from (select 1 as "one"
    from "barangays"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "page".*, coalesce((SELECT string_agg("a"."adjacent_barangay_id"::text, ','
        ORDER BY "a"."adjacent_barangay_id")
      FROM "barangay_adjacency" a
     
      WHERE "a"."barangay_id" = "page"."barangay_id"), '') as "adjacent_barangay_id", coalesce((SELECT string_agg("o"."barangay_name", ', '
        ORDER BY "o"."barangay_name")
      FROM "barangay_adjacency" a JOIN "barangays" o ON "o"."barangay_id" = "a"."adjacent_barangay_id"
      WHERE "a"."barangay_id" = "page"."barangay_id"), '') as "adjacent_barangay", coalesce((SELECT json_agg(json_build_object('id', "o"."barangay_id", 'name', "o"."barangay_name", 'status',
      o.status)
        ORDER BY "o"."barangay_name", "o"."barangay_id")
      FROM "barangay_adjacency" a JOIN "barangays" o ON "o"."barangay_id" = "a"."adjacent_barangay_id"
      WHERE "a"."barangay_id" = "page"."barangay_id"), '[]') as "adjacent_barangays"
  from (select "m"."barangay_id" as "barangay_id", "m"."status" as "barangay_status", "m"."barangay_name" as "barangay_name", "t"."province_id" as "province_id", "m"."town_id" as "town_id", "m"."zip_code" as "zip_code", "t"."town_name" as "town_name", "p"."province_name" as "province_name"
    from "barangays" as "m"
    inner join "towns" as "t" on "t"."town_id" = "m"."town_id"
    inner join "provinces" as "p" on "p"."province_id" = "t"."province_id"
    where ("m"."barangay_name" ILIKE $1 OR "m"."zip_code" ILIKE $2 OR m.town_id IN (SELECT t.town_id
        FROM towns t JOIN provinces p ON p.province_id = t.province_id
     
        WHERE t.town_name ILIKE $3 OR p.province_name ILIKE $4))
    order by "m"."barangay_name" asc, "m"."barangay_id" asc
    limit $5
    offset $6) as "page"
  order by "page"."barangay_name" asc, "page"."barangay_id" asc;

select count(*) as "n"
  from (select "m"."barangay_id" as "barangay_id", "m"."status" as "barangay_status", "m"."barangay_name" as "barangay_name", "t"."province_id" as "province_id", "m"."town_id" as "town_id", "m"."zip_code" as "zip_code", "t"."town_name" as "town_name", "p"."province_name" as "province_name"
    from "barangays" as "m"
    inner join "towns" as "t" on "t"."town_id" = "m"."town_id"
    inner join "provinces" as "p" on "p"."province_id" = "t"."province_id"
    where ("m"."barangay_name" ILIKE $1 OR "m"."zip_code" ILIKE $2 OR m.town_id IN (SELECT t.town_id
        FROM towns t JOIN provinces p ON p.province_id = t.province_id
     
        WHERE t.town_name ILIKE $3 OR p.province_name ILIKE $4))
    limit $5) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
