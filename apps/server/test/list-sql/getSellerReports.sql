-- getSellerReports: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, (SELECT count(*)::int
    FROM properties p
         
    WHERE p.seller_id = "page"."seller_id" AND true) as "total_properties"
  from (select "s"."seller_id", "s"."seller_name", "s"."property_owner_name", "a"."agency_name", "s"."phone_1", "s"."phone_2", "s"."email_address"
    from "sellers" as "s"
    left join "agencies" as "a" on "a"."agency_id" = "s"."agency_id"
    where true
    order by "s"."seller_name" asc, "s"."seller_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."seller_name" asc, "page"."seller_id" asc;

select count(*) as "n"
  from (select "s"."seller_id", "s"."seller_name", "s"."property_owner_name", "a"."agency_name", "s"."phone_1", "s"."phone_2", "s"."email_address"
    from "sellers" as "s"
    left join "agencies" as "a" on "a"."agency_id" = "s"."agency_id"
    where true
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "s"."seller_id", "s"."seller_name", "s"."property_owner_name", "a"."agency_name", "s"."phone_1", "s"."phone_2", "s"."email_address"
  from "sellers" as "s"
  left join "agencies" as "a" on "a"."agency_id" = "s"."agency_id"
  where true;

select "page".*, (SELECT count(*)::int
    FROM properties p
         
    WHERE p.seller_id = "page"."seller_id" AND true) as "total_properties"
  from (select "s"."seller_id", "s"."seller_name", "s"."property_owner_name", "a"."agency_name", "s"."phone_1", "s"."phone_2", "s"."email_address"
    from "sellers" as "s"
    left join "agencies" as "a" on "a"."agency_id" = "s"."agency_id"
    where true and (("s"."seller_name" ILIKE $1 OR "s"."property_owner_name" ILIKE $2 OR "s"."phone_1" ILIKE $3 OR "s"."email_address" ILIKE $4) OR "s"."agency_id" = ANY (ARRAY(SELECT agency_id
          FROM agencies
          WHERE agency_name ILIKE $5))) and "s"."seller_id" = ANY ($6)
    order by ROW("s"."seller_name", "s"."seller_id") asc) as "page"
  order by "page"."seller_name" asc, "page"."seller_id" asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "s"."seller_id", "s"."seller_name", "s"."property_owner_name", "a"."agency_name", "s"."phone_1", "s"."phone_2", "s"."email_address", "s"."seller_id" as "match_key", "s"."seller_name" as "sort_key"
    from "sellers" as "s"
    left join "agencies" as "a" on "a"."agency_id" = "s"."agency_id"
    where true and (("s"."seller_name" ILIKE $2 OR "s"."property_owner_name" ILIKE $3 OR "s"."phone_1" ILIKE $4 OR "s"."email_address" ILIKE $5) OR "s"."agency_id" = ANY (ARRAY(SELECT agency_id
          FROM agencies
          WHERE agency_name ILIKE $6)))
    limit $7) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "page".*, (SELECT count(*)::int
    FROM properties p
         
    WHERE p.seller_id = "page"."seller_id" AND (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5))) as "total_properties"
  from (select "s"."seller_id", "s"."seller_name", "s"."property_owner_name", "a"."agency_name", "s"."phone_1", "s"."phone_2", "s"."email_address"
    from "sellers" as "s"
    left join "agencies" as "a" on "a"."agency_id" = "s"."agency_id"
    where s.agency_id = (SELECT associated_agency_id
      FROM users
      WHERE user_id = $6)
    order by "s"."seller_name" asc, "s"."seller_id" asc
    limit $7
    offset $8) as "page"
  order by "page"."seller_name" asc, "page"."seller_id" asc;

select count(*) as "n"
  from (select "s"."seller_id", "s"."seller_name", "s"."property_owner_name", "a"."agency_name", "s"."phone_1", "s"."phone_2", "s"."email_address"
    from "sellers" as "s"
    left join "agencies" as "a" on "a"."agency_id" = "s"."agency_id"
    where s.agency_id = (SELECT associated_agency_id
      FROM users
      WHERE user_id = $1)
    limit $2) as "counted";
