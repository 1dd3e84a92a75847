-- Featured places (issue 40, docs/decisions/044-featured-places.md): the owner pins up to 6 places
-- for a city's page, a country's page and the home page, in an order of their own. A pin names a
-- place by id and is the owner's data: nothing but the owner's own save writes it (a merge moves it
-- to the place that remains). Visitors see a pin while its place is published and in that city or
-- country; a pin whose place is a draft, in the Trash or elsewhere waits in its slot.
CREATE TABLE "featured_places" (
	"scope" text NOT NULL,
	-- the city's or country's id; the home page's pins have the nil uuid
	"area_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"place_id" uuid NOT NULL,
	CONSTRAINT "featured_places_pkey" PRIMARY KEY ("scope", "area_id", "position"),
	CONSTRAINT "featured_places_scope_check" CHECK ("scope" IN ('home', 'city', 'country'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "featured_places_place_once_idx" ON "featured_places" USING btree ("scope", "area_id", "place_id");--> statement-breakpoint
CREATE INDEX "featured_places_place_idx" ON "featured_places" USING btree ("place_id");--> statement-breakpoint
-- A change of pins changes exactly the page they are on: `city:<id>`, `country:<id>` or `home`.
CREATE OR REPLACE FUNCTION "record_featured_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    tags := tags || CASE WHEN OLD.scope = 'home' THEN 'home' ELSE OLD.scope || ':' || OLD.area_id END;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    tags := tags || CASE WHEN NEW.scope = 'home' THEN 'home' ELSE NEW.scope || ':' || NEW.area_id END;
  END IF;
  PERFORM "note_content_changes"(tags);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "featured_places_changes" AFTER INSERT OR UPDATE OR DELETE ON "featured_places"
  FOR EACH ROW EXECUTE FUNCTION "record_featured_change"();--> statement-breakpoint
CREATE TRIGGER "featured_places_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "featured_places"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "featured_places_truncated" AFTER TRUNCATE ON "featured_places"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_truncate"();--> statement-breakpoint
-- A city or country that goes (to the Trash: its snapshot keeps its pins) takes its pins with it.
CREATE OR REPLACE FUNCTION "forget_featured_of_area"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "featured_places" WHERE "scope" = TG_ARGV[0] AND "area_id" = OLD.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cities_forget_featured" AFTER DELETE ON "cities"
  FOR EACH ROW EXECUTE FUNCTION "forget_featured_of_area"('city');--> statement-breakpoint
CREATE TRIGGER "countries_forget_featured" AFTER DELETE ON "countries"
  FOR EACH ROW EXECUTE FUNCTION "forget_featured_of_area"('country');
