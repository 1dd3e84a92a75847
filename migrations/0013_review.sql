-- Review per language (docs/decisions/018-review-per-language.md): whether a person has read the
-- text of a language. The English source (places, cities, countries) and each stored translation
-- carry it. A person's write sets it (a person's own text is reviewed); every machine write (an
-- upload's AI text, a translation, an AI description) clears it. Visitors see a note on text no
-- person has reviewed. Rows a person wrote before this migration count as reviewed; a city or
-- country without a description has nothing to review.
ALTER TABLE "places" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "place_translations" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "city_translations" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "country_translations" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "place_translations" SET "reviewed" = true WHERE "origin" = 'person';--> statement-breakpoint
UPDATE "city_translations" SET "reviewed" = true WHERE "origin" = 'person';--> statement-breakpoint
UPDATE "country_translations" SET "reviewed" = true WHERE "origin" = 'person';--> statement-breakpoint
UPDATE "cities" SET "reviewed" = true WHERE btrim("description") = '';--> statement-breakpoint
UPDATE "countries" SET "reviewed" = true WHERE btrim("description") = '';
