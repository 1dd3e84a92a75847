-- Manual location (issue 11): a photo without GPS may be placed by hand on the Upload screen.
-- location_source records where its position came from: 'exif' (the photo's own GPS or the EXIF
-- source photo's) or 'manual' (coordinates the administrator set). image_hash is the SHA-256 of
-- the image data without its metadata (JPEG, PNG, WebP), so a copy stripped of its EXIF, as
-- messaging apps send it, answers with the existing place instead of becoming a second one. It is
-- null where it cannot be computed (HEIF, AVIF) and for photos uploaded before this change.
ALTER TABLE "photos" ADD COLUMN "location_source" text DEFAULT 'exif' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_location_source_check" CHECK ("location_source" IN ('exif', 'manual'));--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "image_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_image_hash_unique" ON "photos" USING btree ("image_hash");
