-- The editor's desk (docs/decisions/014-written-by-a-person.md): every stored translation, and the
-- history and trivia of every language, records who wrote it. `machine` rows are a model's (or the
-- offline writer's) and may be replaced by the next translation; `person` rows were written or
-- corrected by the admin and no machine write replaces them. `based_on` keeps the English a person
-- translated from, so when the English changes the editor can see what changed.
ALTER TABLE "place_translations" ADD COLUMN "origin" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "place_translations" ADD COLUMN "based_on" jsonb;--> statement-breakpoint
ALTER TABLE "city_translations" ADD COLUMN "origin" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "city_translations" ADD COLUMN "based_on" jsonb;--> statement-breakpoint
ALTER TABLE "country_translations" ADD COLUMN "origin" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "country_translations" ADD COLUMN "based_on" jsonb;--> statement-breakpoint
ALTER TABLE "place_history" ADD COLUMN "origin" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "place_history" ADD COLUMN "based_on" jsonb;--> statement-breakpoint
ALTER TABLE "place_facts" ADD COLUMN "origin" text DEFAULT 'machine' NOT NULL;--> statement-breakpoint
ALTER TABLE "place_facts" ADD COLUMN "based_on" jsonb;--> statement-breakpoint
ALTER TABLE "place_translations" ADD CONSTRAINT "place_translations_origin_check" CHECK ("origin" IN ('machine', 'person'));--> statement-breakpoint
ALTER TABLE "city_translations" ADD CONSTRAINT "city_translations_origin_check" CHECK ("origin" IN ('machine', 'person'));--> statement-breakpoint
ALTER TABLE "country_translations" ADD CONSTRAINT "country_translations_origin_check" CHECK ("origin" IN ('machine', 'person'));--> statement-breakpoint
ALTER TABLE "place_history" ADD CONSTRAINT "place_history_origin_check" CHECK ("origin" IN ('machine', 'person'));--> statement-breakpoint
ALTER TABLE "place_facts" ADD CONSTRAINT "place_facts_origin_check" CHECK ("origin" IN ('machine', 'person'));
