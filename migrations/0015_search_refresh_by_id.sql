-- Refreshing one entity's search documents read every place in every language: the pairs to
-- refresh were a semi-join the planner cannot push into the search_sources view (a UNION ALL over a
-- cross join with the languages), so it built all 25,005 place documents' sources and kept five.
-- An edit of one place's title took 340-430 ms in its search trigger with 5,001 places on embedded
-- PGlite, where it holds the server's only thread. The same function with the entities' ids also as
-- `entity_id = ANY(ids)`, which reaches each branch of the view as an index condition: 60-95 ms.
-- The documents written are the same (the pairs imply the ids).
CREATE OR REPLACE FUNCTION "search_refresh"(doc_kind text, ids uuid[], langs text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_documents AS d (kind, entity_id, language_code, slug, title, title_lang, subtitle, body,
    body_lang, image_url, date, title_norm, name_norm, tsv, cjk_grams)
  SELECT s.kind, s.entity_id, s.language_code, s.slug, s.title, s.title_lang, s.subtitle, s.body, s.body_lang,
    s.image_url, s.date, x.title, x.names,
    setweight(to_tsvector(x.config, x.title), 'A') || setweight(to_tsvector(x.config, x.subtitle), 'B')
      || setweight(to_tsvector(x.config, x.extra), 'C') || setweight(to_tsvector(x.config, x.body), 'D'),
    search_cjk_grams(x.names || ' ' || x.body)
  FROM search_sources s
  CROSS JOIN LATERAL (
    SELECT search_normalize(s.title) AS title, search_normalize(s.subtitle) AS subtitle,
      search_normalize(s.extra) AS extra, search_normalize(s.body) AS body,
      search_normalize(concat_ws(' ', s.title, s.subtitle, s.extra)) AS names, search_config(s.language_code) AS config
  ) x
  WHERE s.kind = doc_kind AND s.entity_id = ANY(ids)
    AND (s.entity_id, s.language_code) IN (SELECT * FROM unnest(ids, langs))
  ON CONFLICT (doc_key) DO UPDATE SET slug = excluded.slug, title = excluded.title,
    title_lang = excluded.title_lang, subtitle = excluded.subtitle, body = excluded.body,
    body_lang = excluded.body_lang, image_url = excluded.image_url, date = excluded.date,
    title_norm = excluded.title_norm, name_norm = excluded.name_norm, tsv = excluded.tsv,
    cjk_grams = excluded.cjk_grams;
END;
$$;
