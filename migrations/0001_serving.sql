CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "cities_country_idx";--> statement-breakpoint
DROP INDEX "places_date_idx";--> statement-breakpoint
DROP INDEX "places_location_country_idx";--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "cities_country_newest_idx" ON "cities" USING btree ("country","created_at","id");--> statement-breakpoint
CREATE INDEX "cities_created_idx" ON "cities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "countries_newest_idx" ON "countries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "places_newest_idx" ON "places" USING btree ("date","created_at","id");--> statement-breakpoint
CREATE INDEX "places_location_country_newest_idx" ON "places" USING btree ("location","country","date","created_at","id");--> statement-breakpoint
CREATE INDEX "places_created_idx" ON "places" USING btree ("created_at","id");--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Any write to what the public site shows bumps the content version in the same transaction and
-- tells every listening server instance, whose render cache then drops older pages.
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
  PERFORM pg_notify('content_version', next_version::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := now();
  RETURN NEW;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  content_table text;
BEGIN
  FOREACH content_table IN ARRAY ARRAY['languages', 'ui_translations', 'places', 'photos', 'place_translations',
    'place_history', 'place_facts', 'gallery_images', 'cities', 'city_translations', 'countries',
    'country_translations']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"()', content_table || '_content_version', content_table);
  END LOOP;
  FOREACH content_table IN ARRAY ARRAY['places', 'cities', 'countries']
  LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"()',
      content_table || '_touch_updated_at', content_table);
  END LOOP;
END;
$$;
