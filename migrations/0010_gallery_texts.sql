-- Photos described one by one: each gallery photo has its own place in the gallery's order and its
-- own caption and alt text in every language. English is the row with language 'en'; a translation
-- records the English version it was made from and who wrote it, as the place's other translations
-- do (docs/decisions/014-written-by-a-person.md): no machine write replaces a person's row.
ALTER TABLE "gallery_images" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The order visitors saw until now: oldest first.
UPDATE "gallery_images" AS g SET "position" = ordered.n
  FROM (SELECT "id", row_number() OVER (PARTITION BY "place_id" ORDER BY "created_at", "id") AS n FROM "gallery_images") AS ordered
  WHERE g."id" = ordered."id";--> statement-breakpoint
DROP INDEX "gallery_images_place_idx";--> statement-breakpoint
CREATE INDEX "gallery_images_place_position_idx" ON "gallery_images" USING btree ("place_id","position","created_at");--> statement-breakpoint
CREATE TABLE "gallery_image_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" uuid NOT NULL,
	"language_code" varchar(10) NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"source_version" integer DEFAULT 1 NOT NULL,
	"origin" text DEFAULT 'machine' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_image_texts_origin_check" CHECK ("origin" IN ('machine', 'person'))
);
--> statement-breakpoint
ALTER TABLE "gallery_image_texts" ADD CONSTRAINT "gallery_image_texts_image_id_gallery_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."gallery_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_image_texts_image_language_idx" ON "gallery_image_texts" USING btree ("image_id","language_code");--> statement-breakpoint
-- The place page shows these texts: a write empties the render caches, as for every content table (0001).
CREATE TRIGGER "gallery_image_texts_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gallery_image_texts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
