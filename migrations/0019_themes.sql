-- Themes (issue 40, docs/decisions/041-themes.md): a place has 0-3 themes of the fixed taxonomy in
-- src/shared/themes.ts. `origin` says who chose one: a person ('person'), or a suggestion of the
-- model or of the offline writer ('suggested', `suggested_by` naming it) until the owner confirms.
CREATE TABLE "place_themes" (
	"place_id" uuid NOT NULL REFERENCES "places"("id") ON DELETE CASCADE,
	"theme" text NOT NULL,
	"origin" text DEFAULT 'person' NOT NULL,
	"suggested_by" text,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "place_themes_pk" PRIMARY KEY ("place_id", "theme"),
	CONSTRAINT "place_themes_origin_check" CHECK ("origin" IN ('person', 'suggested'))
);--> statement-breakpoint
-- A theme's page: its places, newest first (joined to places_newest_idx).
CREATE INDEX "place_themes_theme_idx" ON "place_themes" USING btree ("theme", "place_id");--> statement-breakpoint
-- Every change of a place also names the lists of its themes (`places-of:theme:<id>`), as 0017 made
-- it name its city's and country's: a theme page carries that tag and drops only with its places.
CREATE OR REPLACE FUNCTION "note_content_changes"(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "content_version" WHERE "id" = 1 FOR UPDATE;
  INSERT INTO "content_changes" ("tag")
  SELECT DISTINCT t FROM (
    SELECT unnest(tags) AS t
    UNION ALL
    SELECT 'place-texts' WHERE EXISTS (SELECT 1 FROM unnest(tags) AS u WHERE u LIKE 'place:%')
    UNION ALL
    SELECT unnest(ARRAY['places-of:city:' || c.id, 'places-of:country:' || k.id])
    FROM "places" p
    LEFT JOIN "cities" c ON c.name = p.location AND c.country = p.country
    LEFT JOIN "countries" k ON k.name = p.country
    WHERE p.id IN (SELECT substr(u, 7)::uuid FROM unnest(tags) AS u WHERE u LIKE 'place:%')
    UNION ALL
    SELECT 'places-of:theme:' || pt.theme
    FROM "place_themes" pt
    WHERE pt.place_id IN (SELECT substr(u, 7)::uuid FROM unnest(tags) AS u WHERE u LIKE 'place:%')
  ) x WHERE t IS NOT NULL;
END;
$$;--> statement-breakpoint
-- A place's themes: the place, the lists of the themes it gains or loses, and the themes' counts.
CREATE OR REPLACE FUNCTION "record_place_theme_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := ARRAY['themes'];
BEGIN
  IF TG_OP <> 'INSERT' THEN tags := tags || ARRAY['place:' || OLD.place_id, 'places-of:theme:' || OLD.theme]; END IF;
  IF TG_OP <> 'DELETE' THEN tags := tags || ARRAY['place:' || NEW.place_id, 'places-of:theme:' || NEW.theme]; END IF;
  PERFORM "note_content_changes"(tags);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "place_themes_changes" AFTER INSERT OR UPDATE OR DELETE ON "place_themes"
  FOR EACH ROW EXECUTE FUNCTION "record_place_theme_change"();--> statement-breakpoint
CREATE TRIGGER "place_themes_truncated" AFTER TRUNCATE ON "place_themes"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_truncate"();--> statement-breakpoint
-- A transaction that only writes themes is seen at once: it bumps the content version (migration 0001).
CREATE TRIGGER "place_themes_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "place_themes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
