-- GetSubdivision: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, coalesce((SELECT string_agg("a"."adjacent_subdivision_id"::text, ','
        ORDER BY "a"."adjacent_subdivision_id")
      FROM "subdivision_adjacency" a
     
      WHERE "a"."subdivision_id" = "page"."subdivision_id"), '') as "adjacent_subdivision_id", coalesce((SELECT string_agg("o"."subdivision_name", ', '
        ORDER BY "o"."subdivision_name")
      FROM "subdivision_adjacency" a JOIN "subdivisions" o ON "o"."subdivision_id" = "a"."adjacent_subdivision_id"
      WHERE "a"."subdivision_id" = "page"."subdivision_id"), '') as "adjacent_subdivision", coalesce((SELECT json_agg(json_build_object('id', "o"."subdivision_id", 'name', "o"."subdivision_name", 'status',
      o.status)
        ORDER BY "o"."subdivision_name", "o"."subdivision_id")
      FROM "subdivision_adjacency" a JOIN "subdivisions" o ON "o"."subdivision_id" = "a"."adjacent_subdivision_id"
      WHERE "a"."subdivision_id" = "page"."subdivision_id"), '[]') as "adjacent_subdivisions"
  from (select "m"."subdivision_id" as "subdivision_id", "m"."status" as "subdivision_status", "m"."subdivision_name" as "subdivision_name", "t"."province_id" as "province_id", "m"."town_id" as "town_id", "m"."barangay_id" as "barangay_id", "m"."zip_code" as "zip_code", "t"."town_name" as "town_name", "p"."province_name" as "province_name", "b"."barangay_name" as "barangay_name"
    from "subdivisions" as "m"
    inner join "towns" as "t" on "t"."town_id" = "m"."town_id"
    inner join "provinces" as "p" on "p"."province_id" = "t"."province_id"
    left join "barangays" as "b" on "b"."barangay_id" = "m"."barangay_id"
    order by "m"."subdivision_name" asc, "m"."subdivision_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."subdivision_name" asc, "page"."subdivision_id" asc;

select count(*) as "n"
  from (select 1 as "one"
    from "subdivisions"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "page".*, coalesce((SELECT string_agg("a"."adjacent_subdivision_id"::text, ','
        ORDER BY "a"."adjacent_subdivision_id")
      FROM "subdivision_adjacency" a
     
      WHERE "a"."subdivision_id" = "page"."subdivision_id"), '') as "adjacent_subdivision_id", coalesce((SELECT string_agg("o"."subdivision_name", ', '
        ORDER BY "o"."subdivision_name")
      FROM "subdivision_adjacency" a JOIN "subdivisions" o ON "o"."subdivision_id" = "a"."adjacent_subdivision_id"
      WHERE "a"."subdivision_id" = "page"."subdivision_id"), '') as "adjacent_subdivision", coalesce((SELECT json_agg(json_build_object('id', "o"."subdivision_id", 'name', "o"."subdivision_name", 'status',
      o.status)
        ORDER BY "o"."subdivision_name", "o"."subdivision_id")
      FROM "subdivision_adjacency" a JOIN "subdivisions" o ON "o"."subdivision_id" = "a"."adjacent_subdivision_id"
      WHERE "a"."subdivision_id" = "page"."subdivision_id"), '[]') as "adjacent_subdivisions"
  from (select "m"."subdivision_id" as "subdivision_id", "m"."status" as "subdivision_status", "m"."subdivision_name" as "subdivision_name", "t"."province_id" as "province_id", "m"."town_id" as "town_id", "m"."barangay_id" as "barangay_id", "m"."zip_code" as "zip_code", "t"."town_name" as "town_name", "p"."province_name" as "province_name", "b"."barangay_name" as "barangay_name"
    from "subdivisions" as "m"
    inner join "towns" as "t" on "t"."town_id" = "m"."town_id"
    inner join "provinces" as "p" on "p"."province_id" = "t"."province_id"
    left join "barangays" as "b" on "b"."barangay_id" = "m"."barangay_id"
    where ("m"."subdivision_name" ILIKE $1 OR "m"."zip_code" ILIKE $2 OR (m.town_id IN (SELECT t.town_id
          FROM towns t JOIN provinces p ON p.province_id = t.province_id
     
          WHERE t.town_name ILIKE $3 OR p.province_name ILIKE $4)
        OR m.barangay_id IN (SELECT barangay_id
          FROM barangays
          WHERE barangay_name ILIKE $5)))
    order by "m"."subdivision_name" asc, "m"."subdivision_id" asc
    limit $6
    offset $7) as "page"
  order by "page"."subdivision_name" asc, "page"."subdivision_id" asc;

select count(*) as "n"
  from (select "m"."subdivision_id" as "subdivision_id", "m"."status" as "subdivision_status", "m"."subdivision_name" as "subdivision_name", "t"."province_id" as "province_id", "m"."town_id" as "town_id", "m"."barangay_id" as "barangay_id", "m"."zip_code" as "zip_code", "t"."town_name" as "town_name", "p"."province_name" as "province_name", "b"."barangay_name" as "barangay_name"
    from "subdivisions" as "m"
    inner join "towns" as "t" on "t"."town_id" = "m"."town_id"
    inner join "provinces" as "p" on "p"."province_id" = "t"."province_id"
    left join "barangays" as "b" on "b"."barangay_id" = "m"."barangay_id"
    where ("m"."subdivision_name" ILIKE $1 OR "m"."zip_code" ILIKE $2 OR (m.town_id IN (SELECT t.town_id
          FROM towns t JOIN provinces p ON p.province_id = t.province_id
     
          WHERE t.town_name ILIKE $3 OR p.province_name ILIKE $4)
        OR m.barangay_id IN (SELECT barangay_id
          FROM barangays
          WHERE barangay_name ILIKE $5)))
    limit $6) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
