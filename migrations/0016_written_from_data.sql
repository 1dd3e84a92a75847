-- Who wrote the English text of a place, city or country (docs/decisions/032-three-origins.md):
-- 'machine' (an AI model), 'person' (the admin) or 'data' (the offline writer: the photo's place and
-- date and the owner's own notes; the sentence a city or country gets without a model). Visitors
-- see "Written with AI" only on unreviewed text a model wrote, never on the offline writer's.
-- Translations keep their own origin ('machine' | 'person'): the offline writer never translates.
--
-- Backfill: which provider wrote an old row was never stored, so the offline writer's text is
-- recognised by its fixed shape ("A photo taken in ..." with "This photo was taken ..." in the
-- article; "... is a city in .... Explore the places we have visited there."; "Explore the cities
-- and places we have visited in ....") and becomes 'data'. Every other row stays 'machine', what
-- 0009 counted it as; a reviewed one shows no note either way.
ALTER TABLE "places" ADD COLUMN "origin" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "origin" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "origin" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_origin_check" CHECK ("origin" IN ('machine', 'person', 'data'));--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_origin_check" CHECK ("origin" IN ('machine', 'person', 'data'));--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_origin_check" CHECK ("origin" IN ('machine', 'person', 'data'));--> statement-breakpoint
UPDATE "places" SET "origin" = 'data' WHERE "description" LIKE 'A photo taken %' AND coalesce("full_description", '') LIKE '%This photo was taken %';--> statement-breakpoint
UPDATE "cities" SET "origin" = 'data' WHERE "description" LIKE '% is a city in %. Explore the places we have visited there.';--> statement-breakpoint
UPDATE "countries" SET "origin" = 'data' WHERE "description" LIKE 'Explore the cities and places we have visited in %.';
