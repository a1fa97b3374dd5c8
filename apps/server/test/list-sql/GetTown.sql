-- GetTown: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, coalesce((SELECT string_agg("a"."adjacent_town_id"::text, ','
        ORDER BY "a"."adjacent_town_id")
      FROM "town_adjacency" a
     
      WHERE "a"."town_id" = "page"."town_id"), '') as "adjacent_town_id", coalesce((SELECT string_agg("o"."town_name", ', '
        ORDER BY "o"."town_name")
      FROM "town_adjacency" a JOIN "towns" o ON "o"."town_id" = "a"."adjacent_town_id"
      WHERE "a"."town_id" = "page"."town_id"), '') as "adjacent_town", coalesce((SELECT json_agg(json_build_object('id', "o"."town_id", 'name', "o"."town_name", 'status',
      o.status)
        ORDER BY "o"."town_name", "o"."town_id")
      FROM "town_adjacency" a JOIN "towns" o ON "o"."town_id" = "a"."adjacent_town_id"
      WHERE "a"."town_id" = "page"."town_id"), '[]') as "adjacent_towns"
  from (select "m"."town_id" as "town_id", "m"."status" as "town_status", "m"."town_name" as "town_name", "m"."is_town_city" as "is_town_city", "m"."province_id" as "province_id", "p"."province_name" as "province_name"
    from "towns" as "m"
    inner join "provinces" as "p" on "p"."province_id" = "m"."province_id"
    order by "m"."town_name" asc, "m"."town_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."town_name" asc, "page"."town_id" asc;

select count(*) as "n"
  from (select 1 as "one"
    from "towns"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "page".*, coalesce((SELECT string_agg("a"."adjacent_town_id"::text, ','
        ORDER BY "a"."adjacent_town_id")
      FROM "town_adjacency" a
     
      WHERE "a"."town_id" = "page"."town_id"), '') as "adjacent_town_id", coalesce((SELECT string_agg("o"."town_name", ', '
        ORDER BY "o"."town_name")
      FROM "town_adjacency" a JOIN "towns" o ON "o"."town_id" = "a"."adjacent_town_id"
      WHERE "a"."town_id" = "page"."town_id"), '') as "adjacent_town", coalesce((SELECT json_agg(json_build_object('id', "o"."town_id", 'name', "o"."town_name", 'status',
      o.status)
        ORDER BY "o"."town_name", "o"."town_id")
      FROM "town_adjacency" a JOIN "towns" o ON "o"."town_id" = "a"."adjacent_town_id"
      WHERE "a"."town_id" = "page"."town_id"), '[]') as "adjacent_towns"
  from (select "m"."town_id" as "town_id", "m"."status" as "town_status", "m"."town_name" as "town_name", "m"."is_town_city" as "is_town_city", "m"."province_id" as "province_id", "p"."province_name" as "province_name"
    from "towns" as "m"
    inner join "provinces" as "p" on "p"."province_id" = "m"."province_id"
    where ("m"."town_name" ILIKE $1 OR m.province_id IN (SELECT province_id
        FROM provinces
        WHERE province_name ILIKE $2))
    order by "m"."town_name" asc, "m"."town_id" asc
    limit $3
    offset $4) as "page"
  order by "page"."town_name" asc, "page"."town_id" asc;

select count(*) as "n"
  from (select "m"."town_id" as "town_id", "m"."status" as "town_status", "m"."town_name" as "town_name", "m"."is_town_city" as "is_town_city", "m"."province_id" as "province_id", "p"."province_name" as "province_name"
    from "towns" as "m"
    inner join "provinces" as "p" on "p"."province_id" = "m"."province_id"
    where ("m"."town_name" ILIKE $1 OR m.province_id IN (SELECT province_id
        FROM provinces
        WHERE province_name ILIKE $2))
    limit $3) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
