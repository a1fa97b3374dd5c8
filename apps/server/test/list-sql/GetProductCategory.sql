-- GetProductCategory: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."product_category_id" as "product_category_id", "m"."status" as "product_category_status", "m"."product_category_name" as "product_category_name"
  from "product_categories" as "m"
  order by "m"."product_category_name" asc, "m"."product_category_id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select 1 as "one"
    from "product_categories"
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

select "m"."product_category_id" as "product_category_id", "m"."status" as "product_category_status", "m"."product_category_name" as "product_category_name"
  from "product_categories" as "m"
  where ("m"."product_category_name" ILIKE $1)
  order by "m"."product_category_name" asc, "m"."product_category_id" asc
  limit $2
  offset $3;

select count(*) as "n"
  from (select "m"."product_category_id" as "product_category_id", "m"."status" as "product_category_status", "m"."product_category_name" as "product_category_name"
    from "product_categories" as "m"
    where ("m"."product_category_name" ILIKE $1)
    limit $2) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

-- (refused: 403)
