-- What each content write changed, for caches that drop only what a change touches
-- (docs/decisions/019-dependency-tags.md). Every writing transaction that touches what the public
-- site shows adds one row per dependency tag it changes: `place:<id>`, `city:<id>`, `country:<id>`
-- for an entity's own text and pictures; `places`, `cities`, `countries` when a list's membership
-- or order can change (a published entity added, removed, published or unpublished, moved, re-dated,
-- renamed); `slugs` when an address starts or stops answering; `ui`, `languages`, `search`; `any`
-- for a TRUNCATE. A server instance applies every row after the last one it applied and drops the
-- cached answers carrying those tags. Writers take the content version row before numbering their
-- rows, so rows are numbered in commit order: an instance that has read row N has every row before it.
CREATE TABLE "content_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"tag" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Rows up to here have been pruned: an instance that applied less than this forgets everything it kept.
ALTER TABLE "content_version" ADD COLUMN "pruned_through" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "note_content_changes"(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "content_version" WHERE "id" = 1 FOR UPDATE;
  INSERT INTO "content_changes" ("tag") SELECT DISTINCT t FROM unnest(tags) AS t WHERE t IS NOT NULL;
END;
$$;--> statement-breakpoint
-- A row of an entity's own content: `<kind>:<id>` from the column named by the trigger's arguments.
CREATE OR REPLACE FUNCTION "record_entity_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN tags := tags || (TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1])); END IF;
  IF TG_OP <> 'DELETE' THEN tags := tags || (TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1])); END IF;
  PERFORM "note_content_changes"(tags);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A table whose every change is one tag (interface text, languages, search documents, redirects).
CREATE OR REPLACE FUNCTION "record_tag_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "note_content_changes"(ARRAY[TG_ARGV[0]]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Places: the place itself; and, when a published place comes, goes or moves in a list, the lists.
CREATE OR REPLACE FUNCTION "record_place_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := '{}';
  listed boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    tags := ARRAY['place:' || NEW.id];
    IF NEW.state = 'published' THEN tags := tags || ARRAY['places', 'slugs']; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    tags := ARRAY['place:' || OLD.id];
    IF OLD.state = 'published' THEN tags := tags || ARRAY['places', 'slugs']; END IF;
  ELSE
    tags := ARRAY['place:' || OLD.id, 'place:' || NEW.id];
    listed := OLD.state = 'published' OR NEW.state = 'published';
    IF listed AND (OLD.state, OLD.date, OLD.created_at, OLD.location, OLD.country, OLD.latitude, OLD.longitude)
        IS DISTINCT FROM (NEW.state, NEW.date, NEW.created_at, NEW.location, NEW.country, NEW.latitude, NEW.longitude) THEN
      tags := tags || 'places'::text;
    END IF;
    IF listed AND (OLD.state, OLD.slug) IS DISTINCT FROM (NEW.state, NEW.slug) THEN
      tags := tags || 'slugs'::text;
    END IF;
  END IF;
  PERFORM "note_content_changes"(tags);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Cities and countries: the entity; and their lists and addresses when one comes, goes, is renamed or moves.
CREATE OR REPLACE FUNCTION "record_area_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  list text := TG_ARGV[1];
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  tags text[] := '{}';
BEGIN
  IF old_row IS NOT NULL THEN tags := tags || (kind || ':' || (old_row ->> 'id')); END IF;
  IF new_row IS NOT NULL THEN tags := tags || (kind || ':' || (new_row ->> 'id')); END IF;
  IF old_row IS NULL OR new_row IS NULL
      OR (old_row ->> 'name', old_row ->> 'country', old_row ->> 'slug', old_row ->> 'created_at')
         IS DISTINCT FROM (new_row ->> 'name', new_row ->> 'country', new_row ->> 'slug', new_row ->> 'created_at') THEN
    tags := tags || ARRAY[list, 'slugs'];
  END IF;
  PERFORM "note_content_changes"(tags);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A gallery photo's texts name the photo, not the place.
CREATE OR REPLACE FUNCTION "record_gallery_text_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "note_content_changes"(ARRAY(
    SELECT 'place:' || g.place_id FROM "gallery_images" g
    WHERE g.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.image_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.image_id END)));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- TRUNCATE names no rows: everything changed.
CREATE OR REPLACE FUNCTION "record_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "note_content_changes"(ARRAY['any']);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "places_changes" AFTER INSERT OR UPDATE OR DELETE ON "places"
  FOR EACH ROW EXECUTE FUNCTION "record_place_change"();--> statement-breakpoint
CREATE TRIGGER "cities_changes" AFTER INSERT OR UPDATE OR DELETE ON "cities"
  FOR EACH ROW EXECUTE FUNCTION "record_area_change"('city', 'cities');--> statement-breakpoint
CREATE TRIGGER "countries_changes" AFTER INSERT OR UPDATE OR DELETE ON "countries"
  FOR EACH ROW EXECUTE FUNCTION "record_area_change"('country', 'countries');--> statement-breakpoint
CREATE TRIGGER "gallery_image_texts_changes" AFTER INSERT OR UPDATE OR DELETE ON "gallery_image_texts"
  FOR EACH ROW EXECUTE FUNCTION "record_gallery_text_change"();--> statement-breakpoint
DO $$
DECLARE
  entry text[];
BEGIN
  FOREACH entry SLICE 1 IN ARRAY ARRAY[
    ARRAY['photos', 'place', 'place_id'], ARRAY['place_translations', 'place', 'place_id'],
    ARRAY['place_history', 'place', 'place_id'], ARRAY['place_facts', 'place', 'place_id'],
    ARRAY['gallery_images', 'place', 'place_id'], ARRAY['city_translations', 'city', 'city_id'],
    ARRAY['country_translations', 'country', 'country_id']]
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
      'EXECUTE FUNCTION "record_entity_change"(%L, %L)', entry[1] || '_changes', entry[1], entry[2], entry[3]);
  END LOOP;
  FOREACH entry SLICE 1 IN ARRAY ARRAY[
    ARRAY['languages', 'languages'], ARRAY['ui_translations', 'ui'], ARRAY['search_documents', 'search'],
    ARRAY['search_country_names', 'search'], ARRAY['slug_redirects', 'slugs']]
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT '
      'EXECUTE FUNCTION "record_tag_change"(%L)', entry[1] || '_changes', entry[1], entry[2]);
  END LOOP;
  FOREACH entry SLICE 1 IN ARRAY ARRAY[
    ARRAY['places'], ARRAY['photos'], ARRAY['place_translations'], ARRAY['place_history'], ARRAY['place_facts'],
    ARRAY['gallery_images'], ARRAY['gallery_image_texts'], ARRAY['cities'], ARRAY['city_translations'],
    ARRAY['countries'], ARRAY['country_translations'], ARRAY['languages'], ARRAY['ui_translations'],
    ARRAY['search_documents'], ARRAY['search_country_names'], ARRAY['slug_redirects']]
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "record_truncate"()',
      entry[1] || '_truncated', entry[1]);
  END LOOP;
END;
$$;--> statement-breakpoint
-- A transaction that only writes redirects must be seen too: it bumps the version like the others.
CREATE TRIGGER "slug_redirects_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "slug_redirects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
