-- A hundred thousand places, the last rows (issue 45, docs/decisions/039-sitemap-chunks-outdated-places.md).
--
-- 1. Sitemap children addressed by a number each row keeps. Every country, city and place gets a
-- `sitemap_seq` from its table's sequence when it is made (the rows there now: in (created_at, id)
-- order); child N of a kind lists the rows numbered (N-1)*size+1 to N*size, a range of the unique
-- index. A row keeps its number, so a deletion leaves a gap instead of moving every later row to
-- another child. The index of children is read from `sitemap_chunks`, one row per non-empty child
-- and chunk size with its row count and the newest change among its listed rows, kept by triggers
-- as rows are made, changed and deleted (and as a city or country takes or frees a slug that hides
-- a later kind's row). A chunk size is registered in `sitemap_chunk_sizes` (the server's 1,000
-- here; any other on first use), so the triggers keep every size in use.
DO $$
DECLARE
  kind text;
BEGIN
  FOREACH kind IN ARRAY ARRAY['countries', 'cities', 'places']
  LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I AS bigint', kind || '_sitemap_seq');
    -- The rows in (created_at, id) order on disk, then numbered as the new column is written: two
    -- rewrites of the table, no UPDATE (which would leave a dead copy of every row to a database
    -- without autovacuum, and fire the tables' triggers: timestamps, search documents, change log).
    EXECUTE format('CLUSTER %I USING %I', kind,
      CASE kind WHEN 'countries' THEN 'countries_newest_idx' ELSE kind || '_created_idx' END);
    EXECUTE format('ALTER TABLE %I SET WITHOUT CLUSTER', kind);
    EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS "sitemap_seq" bigint NOT NULL DEFAULT nextval(%L)',
      kind, kind || '_sitemap_seq');
    EXECUTE format('ALTER SEQUENCE %I OWNED BY %I."sitemap_seq"', kind || '_sitemap_seq', kind);
    EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I USING btree ("sitemap_seq")',
      kind || '_sitemap_seq_idx', kind);
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sitemap_chunk_sizes" (
  "size" integer PRIMARY KEY CHECK ("size" > 0)
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sitemap_chunks" (
  "kind" text NOT NULL,
  "size" integer NOT NULL,
  "number" bigint NOT NULL,
  "rows" integer NOT NULL,
  "last_modified" timestamp with time zone,
  PRIMARY KEY ("kind", "size", "number")
);--> statement-breakpoint
-- Whether a row of a kind has a page of its own to list: slug resolution takes a country before a
-- city before a place, so a slug an earlier kind holds is listed with that kind only; home,
-- countries and map are the site's own pages; a draft has no page for visitors.
CREATE OR REPLACE FUNCTION "sitemap_listed"(p_kind text, p_state text, p_slug text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p_slug IS NOT NULL AND p_slug NOT IN ('home', 'countries', 'map')
    AND (p_kind = 'countries' OR NOT EXISTS (SELECT 1 FROM "countries" c WHERE c."slug" = p_slug))
    AND (p_kind <> 'places' OR (p_state = 'published'
      AND NOT EXISTS (SELECT 1 FROM "cities" c WHERE c."slug" = p_slug)))
$$;--> statement-breakpoint
-- Every chunk of every kind at one size, from the rows (a size's first use; this migration).
CREATE OR REPLACE FUNCTION "sitemap_chunks_build"(p_size integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  kind text;
BEGIN
  DELETE FROM "sitemap_chunks" WHERE "size" = p_size;
  FOREACH kind IN ARRAY ARRAY['countries', 'cities', 'places']
  LOOP
    EXECUTE format('INSERT INTO "sitemap_chunks" ("kind", "size", "number", "rows", "last_modified") '
      'SELECT %L, $1, ("sitemap_seq" - 1) / $1 + 1, count(*), '
      'max("updated_at") FILTER (WHERE "sitemap_listed"(%L, %s, "slug")) FROM %I GROUP BY 3',
      kind, kind, CASE WHEN kind = 'places' THEN '"state"' ELSE 'NULL' END, kind) USING p_size;
  END LOOP;
END;
$$;--> statement-breakpoint
-- The newest change among the listed rows of the chunks (every size) holding row `p_seq` of a kind, read again.
CREATE OR REPLACE FUNCTION "sitemap_chunk_refresh"(p_kind text, p_seq bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s integer;
  n bigint;
  newest timestamptz;
BEGIN
  FOR s IN SELECT "size" FROM "sitemap_chunk_sizes"
  LOOP
    n := (p_seq - 1) / s + 1;
    EXECUTE format('SELECT max("updated_at") FROM %I WHERE "sitemap_seq" BETWEEN $1 AND $2 '
      'AND "sitemap_listed"(%L, %s, "slug")', p_kind, p_kind,
      CASE WHEN p_kind = 'places' THEN '"state"' ELSE 'NULL' END)
      INTO newest USING (n - 1) * s + 1, n * s;
    UPDATE "sitemap_chunks" SET "last_modified" = newest WHERE "kind" = p_kind AND "size" = s AND "number" = n;
  END LOOP;
END;
$$;--> statement-breakpoint
-- Row `p_seq` of a kind was made (p_rows 1), changed (0) or deleted (-1); p_old and p_new are its
-- change time while listed before and after (null: not listed). A listed time that goes away or
-- back reads the chunk again; any other change is a count and a greatest.
CREATE OR REPLACE FUNCTION "sitemap_chunk_change"(p_kind text, p_seq bigint, p_rows integer, p_old timestamptz,
  p_new timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s integer;
  n bigint;
BEGIN
  FOR s IN SELECT "size" FROM "sitemap_chunk_sizes"
  LOOP
    n := (p_seq - 1) / s + 1;
    INSERT INTO "sitemap_chunks" AS c ("kind", "size", "number", "rows", "last_modified")
      VALUES (p_kind, s, n, p_rows, p_new)
      ON CONFLICT ("kind", "size", "number") DO UPDATE
      SET "rows" = c."rows" + excluded."rows", "last_modified" = greatest(c."last_modified", excluded."last_modified");
    IF p_rows < 0 THEN
      DELETE FROM "sitemap_chunks" WHERE "kind" = p_kind AND "size" = s AND "number" = n AND "rows" <= 0;
    END IF;
  END LOOP;
  IF p_old IS NOT NULL AND (p_new IS NULL OR p_new < p_old) THEN
    PERFORM "sitemap_chunk_refresh"(p_kind, p_seq);
  END IF;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sitemap_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_TABLE_NAME;
  old_at timestamptz;
  new_at timestamptz;
  slugs text[] := ARRAY[]::text[];
  seq bigint;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF "sitemap_listed"(kind, to_jsonb(OLD) ->> 'state', OLD."slug") THEN old_at := OLD."updated_at"; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF "sitemap_listed"(kind, to_jsonb(NEW) ->> 'state', NEW."slug") THEN new_at := NEW."updated_at"; END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM "sitemap_chunk_change"(kind, NEW."sitemap_seq", 1, NULL, new_at);
    slugs := ARRAY[NEW."slug"];
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "sitemap_chunk_change"(kind, OLD."sitemap_seq", -1, old_at, NULL);
    slugs := ARRAY[OLD."slug"];
  ELSE
    IF OLD."sitemap_seq" <> NEW."sitemap_seq" THEN
      PERFORM "sitemap_chunk_change"(kind, OLD."sitemap_seq", -1, old_at, NULL);
      PERFORM "sitemap_chunk_change"(kind, NEW."sitemap_seq", 1, NULL, new_at);
    ELSE
      PERFORM "sitemap_chunk_change"(kind, NEW."sitemap_seq", 0, old_at, new_at);
    END IF;
    IF OLD."slug" IS DISTINCT FROM NEW."slug" THEN slugs := ARRAY[OLD."slug", NEW."slug"]; END IF;
  END IF;
  -- A country's or city's slug hides (or, gone, shows again) the later kinds' rows of that slug.
  IF kind IN ('countries', 'cities') THEN
    FOR seq IN SELECT "sitemap_seq" FROM "places" WHERE "slug" = ANY (slugs)
    LOOP
      PERFORM "sitemap_chunk_refresh"('places', seq);
    END LOOP;
  END IF;
  IF kind = 'countries' THEN
    FOR seq IN SELECT "sitemap_seq" FROM "cities" WHERE "slug" = ANY (slugs)
    LOOP
      PERFORM "sitemap_chunk_refresh"('cities', seq);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "sitemap_chunk_sizes" ("size") VALUES (1000) ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT "sitemap_chunks_build"(1000);--> statement-breakpoint
CREATE TRIGGER "countries_sitemap_chunks" AFTER INSERT OR UPDATE OR DELETE ON "countries"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_row_change"();--> statement-breakpoint
CREATE TRIGGER "cities_sitemap_chunks" AFTER INSERT OR UPDATE OR DELETE ON "cities"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_row_change"();--> statement-breakpoint
CREATE TRIGGER "places_sitemap_chunks" AFTER INSERT OR UPDATE OR DELETE ON "places"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_row_change"();--> statement-breakpoint
-- The home page's lastmod (the newest change of any place) without reading every place.
CREATE INDEX IF NOT EXISTS "places_updated_idx" ON "places" USING btree ("updated_at");--> statement-breakpoint
-- 2. Edit Places' "Outdated translations": the places with a translation of their text made from an
-- older English, kept by triggers on every write of a translation and of a place's source version,
-- so the filter and the dashboard's count read a few ids instead of probing every place.
CREATE TABLE IF NOT EXISTS "outdated_places" (
  "place_id" uuid PRIMARY KEY REFERENCES "places"("id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "outdated_place_refresh"(p_place uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "place_translations" t JOIN "places" p ON p."id" = t."place_id"
      WHERE t."place_id" = p_place AND t."language_code" <> 'en' AND t."source_version" < p."source_version") THEN
    INSERT INTO "outdated_places" ("place_id") VALUES (p_place) ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM "outdated_places" WHERE "place_id" = p_place;
  END IF;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "outdated_places_on_translation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "outdated_place_refresh"(OLD."place_id"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."place_id" <> OLD."place_id") THEN
    PERFORM "outdated_place_refresh"(NEW."place_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "outdated_places_on_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "outdated_place_refresh"(NEW."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "place_translations_outdated_places" AFTER INSERT OR UPDATE OR DELETE ON "place_translations"
  FOR EACH ROW EXECUTE FUNCTION "outdated_places_on_translation"();--> statement-breakpoint
CREATE TRIGGER "places_outdated_places" AFTER UPDATE OF "source_version" ON "places"
  FOR EACH ROW WHEN (OLD."source_version" IS DISTINCT FROM NEW."source_version")
  EXECUTE FUNCTION "outdated_places_on_place"();--> statement-breakpoint
INSERT INTO "outdated_places" ("place_id")
  SELECT DISTINCT t."place_id" FROM "place_translations" t JOIN "places" p ON p."id" = t."place_id"
  WHERE t."language_code" <> 'en' AND t."source_version" < p."source_version"
  ON CONFLICT DO NOTHING;
