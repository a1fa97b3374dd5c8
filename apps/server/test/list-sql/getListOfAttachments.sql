-- getListOfAttachments: the SQL of its page (apps/server/test/list-sql.test.ts; UPDATE_SQL=1 rewrites it)

-- plain: the first page in the default sort, as a Super Admin

select "m"."id" as "image_video_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "p"."property_name", "m"."type", CASE WHEN m.type = 'Image' THEN '/media/' || m.file ELSE m.video_url END as "images_video", "p"."property_id", "p"."seller_id", "p"."agent_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  inner join "property_media" as "m" on "m"."property_id" = "p"."property_id"
  where true
  order by "p"."property_name" asc, "m"."id" asc
  limit $1
  offset $2;

select count(*) as "n"
  from (select "m"."id" as "image_video_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "p"."property_name", "m"."type", CASE WHEN m.type = 'Image' THEN '/media/' || m.file ELSE m.video_url END as "images_video", "p"."property_id", "p"."seller_id", "p"."agent_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    inner join "property_media" as "m" on "m"."property_id" = "p"."property_id"
    where true
    limit $1) as "counted";

-- searched: searchText=cebu, as a Super Admin

EXPLAIN (FORMAT JSON) select "m"."id" as "image_video_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "p"."property_name", "m"."type", CASE WHEN m.type = 'Image' THEN '/media/' || m.file ELSE m.video_url END as "images_video", "p"."property_id", "p"."seller_id", "p"."agent_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  inner join "property_media" as "m" on "m"."property_id" = "p"."property_id"
  where true;

select "m"."id" as "image_video_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "p"."property_name", "m"."type", CASE WHEN m.type = 'Image' THEN '/media/' || m.file ELSE m.video_url END as "images_video", "p"."property_id", "p"."seller_id", "p"."agent_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  inner join "property_media" as "m" on "m"."property_id" = "p"."property_id"
  where true and ((split_part(p.search_document, chr(57349), 1) ~ ($1 || regexp_replace(lower($2), $3, $4, 'g')) OR substr(p.search_document, strpos(p.search_document, chr(57349))) ~ ($5 || regexp_replace(lower($6), $7, $8, 'g')))) and "m"."id" = ANY ($9)
  order by ROW("p"."property_name", "m"."id") asc;

select count(*) as "n", CASE WHEN count(*) <= $1 THEN coalesce(array_agg(counted.match_key
           
      ORDER BY counted.sort_key asc, counted.match_key asc), '{}') END as "matches"
  from (select "m"."id" as "image_video_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "p"."property_name", "m"."type", CASE WHEN m.type = 'Image' THEN '/media/' || m.file ELSE m.video_url END as "images_video", "p"."property_id", "p"."seller_id", "p"."agent_id", "m"."id" as "match_key", "p"."property_name" as "sort_key"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    inner join "property_media" as "m" on "m"."property_id" = "p"."property_id"
    where true and ((split_part(p.search_document, chr(57349), 1) ~ ($2 || regexp_replace(lower($3), $4, $5, 'g')) OR substr(p.search_document, strpos(p.search_document, chr(57349))) ~ ($6 || regexp_replace(lower($7), $8, $9, 'g'))))
    limit $10) as "counted";

-- scoped: the first page in the default sort, as an Agent of an agency

select "m"."id" as "image_video_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "p"."property_name", "m"."type", CASE WHEN m.type = 'Image' THEN '/media/' || m.file ELSE m.video_url END as "images_video", "p"."property_id", "p"."seller_id", "p"."agent_id"
  from "properties" as "p"
  left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
  left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
  left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
  inner join "property_media" as "m" on "m"."property_id" = "p"."property_id"
  where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
      FROM users
      WHERE user_id = $5))
  order by "p"."property_name" asc, "m"."id" asc
  limit $6
  offset $7;

select count(*) as "n"
  from (select "m"."id" as "image_video_id", "s"."seller_name", "ag"."first_name" || ' ' || "ag"."last_name" as "agent_name", "p"."property_name", "m"."type", CASE WHEN m.type = 'Image' THEN '/media/' || m.file ELSE m.video_url END as "images_video", "p"."property_id", "p"."seller_id", "p"."agent_id"
    from "properties" as "p"
    left join "sellers" as "s" on "s"."seller_id" = "p"."seller_id"
    left join "users" as "ag" on "ag"."user_id" = "p"."agent_id"
    left join "brokers" as "b" on "b"."broker_id" = "p"."broker_id"
    inner join "property_media" as "m" on "m"."property_id" = "p"."property_id"
    where (p.user_id = $1 OR p.agent_id = $2
          OR p.secondary_agent_id = $3 OR p.third_agent_id = $4
          OR p.agency_id = (SELECT associated_agency_id
        FROM users
        WHERE user_id = $5))
    limit $6) as "counted";
