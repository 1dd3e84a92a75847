-- Revisions and trash (docs/decisions/017-revisions-and-trash.md). A revision keeps a place's,
-- city's or country's whole content as it was BEFORE a change (a JSON snapshot: its row, every
-- translation, history, trivia and gallery texts), with when, who (`person`, the AI model's name or
-- `offline`) and what in plain words; the last 50 of each entity are kept. Revisions are never
-- public, so they bump no content version and have no search documents.
CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author" text NOT NULL,
	"summary" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "revisions_entity_type_check" CHECK ("entity_type" IN ('place', 'city', 'country'))
);--> statement-breakpoint
CREATE INDEX "revisions_entity_idx" ON "revisions" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
-- A deleted place, city, country or gallery photo waits here for 30 days: its rows are gone (the
-- public site no longer shows it), its snapshot can put them back with the same ids, and the media
-- files it references stay (every "is this file used?" question reads `media_urls` too). Its
-- address stays reserved (`slug` is part of the one slug namespace) so a restore gives it back.
CREATE TABLE "trash" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb NOT NULL,
	"media_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "trash_kind_check" CHECK ("kind" IN ('place', 'city', 'country', 'gallery_image'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "trash_kind_entity_idx" ON "trash" USING btree ("kind","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trash_slug_idx" ON "trash" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "trash_expires_idx" ON "trash" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "trash_media_urls_idx" ON "trash" USING gin ("media_urls");
