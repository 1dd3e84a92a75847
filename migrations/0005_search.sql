-- Search in five languages (docs/decisions/007-search.md): one search document per place, city and
-- country and language, kept by triggers in the transaction of every write to their tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- Country names in each language as CLDR has them (Intl.DisplayNames), written by the server at
-- start (services/search.ts), for the English names (and aliases) places and cities store.
CREATE TABLE "search_country_names" (
	"english_name" text NOT NULL,
	"language_code" varchar(10) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "search_country_names_pk" PRIMARY KEY ("english_name", "language_code")
);
--> statement-breakpoint
-- One name per spelling whatever its case, so the documents' join finds at most one.
CREATE UNIQUE INDEX "search_country_names_lower_idx" ON "search_country_names" USING btree (lower("english_name"), "language_code");--> statement-breakpoint
-- No B-tree index holds language_code: the planner must not read a whole language through one
-- instead of asking the search indexes (GIN), so the key is one generated text.
CREATE TABLE "search_documents" (
	"doc_key" text PRIMARY KEY GENERATED ALWAYS AS ("kind" || ':' || "language_code" || ':' || "entity_id"::text) STORED,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"language_code" varchar(10) NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"title_lang" varchar(10) NOT NULL,
	"subtitle" text NOT NULL,
	"body" text NOT NULL,
	"body_lang" varchar(10) NOT NULL,
	"image_url" text NOT NULL,
	"date" text,
	"title_norm" text NOT NULL,
	"name_norm" text NOT NULL,
	"tsv" tsvector NOT NULL,
	"cjk_grams" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_entity_idx" ON "search_documents" USING btree ("entity_id");--> statement-breakpoint
-- The language is the first column of each search index (btree_gin), so a search reads only its
-- language's entries. No pending list (fastupdate): every search would read it through, and PGlite
-- has no autovacuum to empty it; writes are a few documents at a time.
CREATE INDEX "search_documents_name_trgm_idx" ON "search_documents" USING gin ("language_code", "name_norm" gin_trgm_ops) WITH (gin_pending_list_limit = 128);--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("language_code", "tsv") WITH (gin_pending_list_limit = 128);--> statement-breakpoint
CREATE INDEX "search_documents_cjk_idx" ON "search_documents" USING gin ("language_code", "cjk_grams") WITH (gin_pending_list_limit = 128);--> statement-breakpoint
-- Lower case without accents ("BELÉM" -> "belem"). unaccent() is only STABLE (its dictionary could
-- change); the search text is stored, so this wrapper may promise IMMUTABLE for index use.
CREATE OR REPLACE FUNCTION "search_normalize"(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(unaccent('unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- Every single character and every two-character part of the Chinese, Japanese and Korean runs of
-- the text: those scripts have no spaces, and trigrams need three characters and word bounds.
CREATE OR REPLACE FUNCTION "search_cjk_grams"(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE WHEN octet_length(value) = length(value) THEN '{}'::text[] ELSE (
    -- only text with characters beyond ASCII can hold any: the regular expression is the cost
    SELECT coalesce(array_agg(DISTINCT gram), '{}')
    FROM regexp_matches(value, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+', 'g') AS run,
    LATERAL (
      SELECT substr(run[1], i, 1) FROM generate_series(1, length(run[1])) AS i
      UNION ALL
      SELECT substr(run[1], i, 2) FROM generate_series(1, length(run[1]) - 1) AS i
    ) AS grams(gram)
  ) END
$$;--> statement-breakpoint
-- The full-text configuration of each language (stemming: "towers" finds "Tower").
CREATE OR REPLACE FUNCTION "search_config"(language_code text) RETURNS regconfig
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE language_code WHEN 'en' THEN 'english' WHEN 'es' THEN 'spanish' WHEN 'de' THEN 'german'
    WHEN 'fr' THEN 'french' ELSE 'simple' END::regconfig
$$;--> statement-breakpoint
-- What each document says, for every place, city and country in every language: the stored
-- translation, else the English text; country names from CLDR where no translation names them.
-- `extra` is the English text too, so "Italy" still finds Italien on /de.
CREATE VIEW "search_sources" AS
WITH langs(code) AS (VALUES ('en'), ('es'), ('de'), ('fr'), ('zh'))
SELECT 'place'::text AS kind, p.id AS entity_id, l.code AS language_code, coalesce(p.slug, p.id::text) AS slug,
  coalesce(t.title, p.title) AS title,
  CASE WHEN t.id IS NULL THEN 'en' ELSE l.code END AS title_lang,
  coalesce(t.location, p.location) || ', ' || coalesce(t.country, n.name, p.country) AS subtitle,
  coalesce(t.description, p.description) AS body,
  CASE WHEN t.id IS NULL THEN 'en' ELSE l.code END AS body_lang,
  p.image_url, p.date,
  CASE WHEN l.code = 'en' THEN '' ELSE concat_ws(' ', p.title, p.location, p.country) END AS extra
FROM places p CROSS JOIN langs l
LEFT JOIN place_translations t ON t.place_id = p.id AND t.language_code = l.code
LEFT JOIN search_country_names n ON lower(n.english_name) = lower(p.country) AND n.language_code = l.code
UNION ALL
SELECT 'city', c.id, l.code, c.slug,
  coalesce(ct.name, c.name),
  CASE WHEN ct.id IS NULL THEN 'en' ELSE l.code END,
  coalesce(kt.name, n.name, c.country),
  coalesce(ct.description, c.description),
  CASE WHEN ct.id IS NULL OR ct.description = c.description THEN 'en' ELSE l.code END,
  c.image_url, NULL,
  CASE WHEN l.code = 'en' THEN '' ELSE concat_ws(' ', c.name, c.country) END
FROM cities c CROSS JOIN langs l
LEFT JOIN city_translations ct ON ct.city_id = c.id AND ct.language_code = l.code
LEFT JOIN countries k ON k.name = c.country
LEFT JOIN country_translations kt ON kt.country_id = k.id AND kt.language_code = l.code
LEFT JOIN search_country_names n ON lower(n.english_name) = lower(c.country) AND n.language_code = l.code
UNION ALL
SELECT 'country', k.id, l.code, k.slug,
  coalesce(kt.name, n.name, k.name),
  CASE WHEN kt.id IS NULL AND n.name IS NULL THEN 'en' ELSE l.code END,
  '',
  coalesce(kt.description, k.description),
  CASE WHEN kt.id IS NULL OR kt.description = k.description THEN 'en' ELSE l.code END,
  k.image_url, NULL,
  CASE WHEN l.code = 'en' THEN '' ELSE k.name END
FROM countries k CROSS JOIN langs l
LEFT JOIN country_translations kt ON kt.country_id = k.id AND kt.language_code = l.code
LEFT JOIN search_country_names n ON lower(n.english_name) = lower(k.name) AND n.language_code = l.code;
--> statement-breakpoint
-- Writes the documents of (entity, language) pairs of one kind from what the tables hold now:
-- `name_norm` (names, for substrings and typos), a full-text vector weighted title > subtitle >
-- English names > description, and the CJK parts of all of it.
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
  WHERE s.kind = doc_kind AND (s.entity_id, s.language_code) IN (SELECT * FROM unnest(ids, langs))
  ON CONFLICT (doc_key) DO UPDATE SET slug = excluded.slug, title = excluded.title,
    title_lang = excluded.title_lang, subtitle = excluded.subtitle, body = excluded.body,
    body_lang = excluded.body_lang, image_url = excluded.image_url, date = excluded.date,
    title_norm = excluded.title_norm, name_norm = excluded.name_norm, tsv = excluded.tsv,
    cjk_grams = excluded.cjk_grams;
END;
$$;--> statement-breakpoint
-- Every language of each entity.
CREATE OR REPLACE FUNCTION "search_refresh_all_languages"(doc_kind text, ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  SELECT search_refresh(doc_kind, array_agg(id), array_agg(code))
  FROM unnest(ids) AS id CROSS JOIN (VALUES ('en'), ('es'), ('de'), ('fr'), ('zh')) AS langs(code)
$$;--> statement-breakpoint
-- Statement triggers with transition tables: a bulk write refreshes its documents in one statement.
CREATE OR REPLACE FUNCTION "search_on_places"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents d USING old_rows o WHERE d.kind = 'place' AND d.entity_id = o.id;
  ELSE
    PERFORM search_refresh_all_languages('place', ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_on_place_translations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the languages written: translations of other languages may be written at the same time.
  IF TG_OP <> 'INSERT' THEN
    PERFORM search_refresh('place', array_agg(place_id), array_agg(language_code::text)) FROM old_rows;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM search_refresh('place', array_agg(place_id), array_agg(language_code::text)) FROM new_rows;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_on_cities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents d USING old_rows o WHERE d.kind = 'city' AND d.entity_id = o.id;
  ELSE
    PERFORM search_refresh_all_languages('city', ARRAY(SELECT id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_on_city_translations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM search_refresh('city', array_agg(city_id), array_agg(language_code::text)) FROM old_rows;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM search_refresh('city', array_agg(city_id), array_agg(language_code::text)) FROM new_rows;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A country's documents, and its cities' (their subtitle names the country).
CREATE OR REPLACE FUNCTION "search_on_countries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents d USING old_rows o WHERE d.kind = 'country' AND d.entity_id = o.id;
  ELSE
    PERFORM search_refresh_all_languages('country', ARRAY(SELECT id FROM new_rows));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM search_refresh_all_languages('city',
      ARRAY(SELECT c.id FROM cities c WHERE c.country IN (SELECT name FROM old_rows)));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM search_refresh_all_languages('city',
      ARRAY(SELECT c.id FROM cities c WHERE c.country IN (SELECT name FROM new_rows)));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_on_country_translations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM search_refresh('country', array_agg(country_id), array_agg(language_code::text)) FROM old_rows;
    PERFORM search_refresh('city', array_agg(c.id), array_agg(o.language_code::text))
      FROM old_rows o JOIN countries k ON k.id = o.country_id JOIN cities c ON c.country = k.name;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM search_refresh('country', array_agg(country_id), array_agg(language_code::text)) FROM new_rows;
    PERFORM search_refresh('city', array_agg(c.id), array_agg(n.language_code::text))
      FROM new_rows n JOIN countries k ON k.id = n.country_id JOIN cities c ON c.country = k.name;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  source_table text;
BEGIN
  FOREACH source_table IN ARRAY ARRAY['places', 'place_translations', 'cities', 'city_translations', 'countries',
    'country_translations']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()', source_table || '_search_insert', source_table, 'search_on_' || source_table);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()', source_table || '_search_update', source_table, 'search_on_' || source_table);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION %I()', source_table || '_search_delete', source_table, 'search_on_' || source_table);
  END LOOP;
END;
$$;--> statement-breakpoint
-- A change of the CLDR names (written at start) changes what the site shows: cached answers go.
CREATE TRIGGER "search_country_names_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "search_country_names" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
-- Documents for what an existing database already holds.
SELECT search_refresh_all_languages('place', ARRAY(SELECT id FROM places));--> statement-breakpoint
SELECT search_refresh_all_languages('city', ARRAY(SELECT id FROM cities));--> statement-breakpoint
SELECT search_refresh_all_languages('country', ARRAY(SELECT id FROM countries));
