-- GetPropertyClassification: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."property_classification_id" as "property_classification_id", "m"."status" as "property_classification_status", "m"."property_classification" as "property_classification"
  from "property_classifications" as "m"
  order by "m"."property_classification" asc, "m"."property_classification_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "property_classifications"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."property_classification_id" as "property_classification_id", "m"."status" as "property_classification_status", "m"."property_classification" as "property_classification"
  from "property_classifications" as "m"
  where ("m"."property_classification" ILIKE $1)
  order by "m"."property_classification" asc, "m"."property_classification_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."property_classification_id" as "property_classification_id", "m"."status" as "property_classification_status", "m"."property_classification" as "property_classification"
    from "property_classifications" as "m"
    where ("m"."property_classification" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
