-- getBrokerLinkedAssociationReport: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "page".*, (SELECT coalesce(string_agg(ba.broker_association_name, ', '
           
        ORDER BY ba.broker_association_name), '')
         
    FROM broker_broker_associations l JOIN broker_associations ba USING (broker_association_id)
         
    WHERE l.broker_id = "page"."broker_id") as "associations"
  from (select "b"."broker_id", "b"."broker_name", "b"."broker_license_number", "b"."phone_1", "b"."phone_2", "b"."email_address"
    from "brokers" as "b"
    order by "b"."broker_name" asc, "b"."broker_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."broker_name" asc, "page"."broker_id" asc;

select count(*) as "n"
  from (select "b"."broker_id", "b"."broker_name", "b"."broker_license_number", "b"."phone_1", "b"."phone_2", "b"."email_address"
    from "brokers" as "b"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "b"."broker_id", "b"."broker_name", "b"."broker_license_number", "b"."phone_1", "b"."phone_2", "b"."email_address"
  from "brokers" as "b";

select "page".*, (SELECT coalesce(string_agg(ba.broker_association_name, ', '
           
        ORDER BY ba.broker_association_name), '')
         
    FROM broker_broker_associations l JOIN broker_associations ba USING (broker_association_id)
         
    WHERE l.broker_id = "page"."broker_id") as "associations"
  from (select "b"."broker_id", "b"."broker_name", "b"."broker_license_number", "b"."phone_1", "b"."phone_2", "b"."email_address"
    from "brokers" as "b"
    where (("b"."broker_name" ILIKE $1 OR "b"."broker_license_number" ILIKE $2 OR "b"."phone_1" ILIKE $3 OR "b"."phone_2" ILIKE $4 OR "b"."email_address" ILIKE $5) OR EXISTS (SELECT 1
        FROM broker_broker_associations l
          JOIN broker_associations ba USING (broker_association_id)
         
        WHERE l.broker_id = b.broker_id AND ba.broker_association_name ILIKE $6)) and "b"."broker_id" = ANY ($7)
    order by ROW("b"."broker_name", "b"."broker_id") asc) as "page"
  order by "page"."broker_name" asc, "page"."broker_id" asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "b"."broker_id", "b"."broker_name", "b"."broker_license_number", "b"."phone_1", "b"."phone_2", "b"."email_address", "b"."broker_id" as "match_key", "b"."broker_name" as "sort_key"
    from "brokers" as "b"
    where (("b"."broker_name" ILIKE $2 OR "b"."broker_license_number" ILIKE $3 OR "b"."phone_1" ILIKE $4 OR "b"."phone_2" ILIKE $5 OR "b"."email_address" ILIKE $6) OR EXISTS (SELECT 1
        FROM broker_broker_associations l
          JOIN broker_associations ba USING (broker_association_id)
         
        WHERE l.broker_id = b.broker_id AND ba.broker_association_name ILIKE $7))
    limit $8) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "page".*, (SELECT coalesce(string_agg(ba.broker_association_name, ', '
           
        ORDER BY ba.broker_association_name), '')
         
    FROM broker_broker_associations l JOIN broker_associations ba USING (broker_association_id)
         
    WHERE l.broker_id = "page"."broker_id") as "associations"
  from (select "b"."broker_id", "b"."broker_name", "b"."broker_license_number", "b"."phone_1", "b"."phone_2", "b"."email_address"
    from "brokers" as "b"
    order by "b"."broker_name" asc, "b"."broker_id" asc
    limit $1
    offset $2) as "page"
  order by "page"."broker_name" asc, "page"."broker_id" asc;

select count(*) as "n"
  from (select "b"."broker_id", "b"."broker_name", "b"."broker_license_number", "b"."phone_1", "b"."phone_2", "b"."email_address"
    from "brokers" as "b"
    limit $1) as "counted";
