-- Translations as versions (docs/decisions/006-translation-versions.md): every translatable source
-- carries a version that grows when its text changes, every translation the version it was made
-- from; a translation older than its source is outdated, and is kept (visitors read it) until a
-- newer one replaces it.
ALTER TABLE "places" ADD COLUMN "source_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "source_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "source_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "place_translations" ADD COLUMN "source_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "city_translations" ADD COLUMN "source_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "country_translations" ADD COLUMN "source_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "place_history" ADD COLUMN "source_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "place_facts" ADD COLUMN "source_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE "translation_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"all_languages" boolean DEFAULT false NOT NULL,
	"describe" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_jobs_entity_type_check" CHECK ("entity_type" IN ('place', 'city', 'country')),
	CONSTRAINT "translation_jobs_state_check" CHECK ("state" IN ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "translation_jobs_entity_idx" ON "translation_jobs" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "translation_jobs_due_idx" ON "translation_jobs" USING btree ("state","next_run_at");--> statement-breakpoint
CREATE TABLE "translation_failures" (
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"language_code" varchar(10) NOT NULL,
	"reason" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_failures_pk" PRIMARY KEY ("entity_type","entity_id","language_code")
);
--> statement-breakpoint
-- Jobs and failures name their entity by type and id (one queue for three tables), so no foreign
-- key removes them with it: these triggers do, whichever code path deletes the row.
CREATE OR REPLACE FUNCTION "forget_translation_work"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "translation_jobs" WHERE "entity_type" = TG_ARGV[0] AND "entity_id" = OLD."id";
  DELETE FROM "translation_failures" WHERE "entity_type" = TG_ARGV[0] AND "entity_id" = OLD."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "places_forget_translation_work" AFTER DELETE ON "places"
  FOR EACH ROW EXECUTE FUNCTION "forget_translation_work"('place');--> statement-breakpoint
CREATE TRIGGER "cities_forget_translation_work" AFTER DELETE ON "cities"
  FOR EACH ROW EXECUTE FUNCTION "forget_translation_work"('city');--> statement-breakpoint
CREATE TRIGGER "countries_forget_translation_work" AFTER DELETE ON "countries"
  FOR EACH ROW EXECUTE FUNCTION "forget_translation_work"('country');
