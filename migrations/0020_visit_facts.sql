-- The facts a visit is planned with (issue 40, docs/decisions/043-visit-facts.md): entered by the
-- owner, never by a model. One row per place for the facts that are the same in every language, and
-- a row per place and language for the free texts (the English row is written in Edit Place, the
-- others at the editor's desk). Both go with their place; both record `place:<id>`, so a change drops
-- the place's page, its API answers and the map files and feeds that list it (migrations 0014, 0017).
CREATE TABLE "place_visits" (
	"place_id" uuid PRIMARY KEY NOT NULL REFERENCES "places"("id") ON DELETE cascade,
	"address" text,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" jsonb,
	"duration" text,
	"website" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "place_visit_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" uuid NOT NULL REFERENCES "places"("id") ON DELETE cascade,
	"language_code" varchar(10) NOT NULL,
	"hours_note" text,
	"price_text" text,
	"accessibility" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "place_visit_texts_place_language_idx" ON "place_visit_texts" USING btree ("place_id", "language_code");--> statement-breakpoint
DO $$
DECLARE
  content_table text;
BEGIN
  FOREACH content_table IN ARRAY ARRAY['place_visits', 'place_visit_texts']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"()', content_table || '_content_version', content_table);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
      'EXECUTE FUNCTION "record_entity_change"(%L, %L)', content_table || '_changes', content_table, 'place', 'place_id');
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "record_truncate"()',
      content_table || '_truncated', content_table);
  END LOOP;
END;
$$;
