CREATE TABLE "admin_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "city_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" uuid NOT NULL,
	"language_code" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_name_unique" UNIQUE("name"),
	CONSTRAINT "countries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "country_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" uuid NOT NULL,
	"language_code" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"image_url" text NOT NULL,
	"original_image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"native_name" text NOT NULL,
	CONSTRAINT "languages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"original_image_path" text NOT NULL,
	"thumbnail_path" text NOT NULL,
	"description" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"place_name" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"travel_article" text NOT NULL,
	"exif_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_content_hash_unique" UNIQUE("content_hash")
);
--> statement-breakpoint
CREATE TABLE "place_facts" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" uuid NOT NULL,
	"language_code" varchar(10) DEFAULT 'en' NOT NULL,
	"has_facts" text NOT NULL,
	"facts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" uuid NOT NULL,
	"language_code" varchar(10) DEFAULT 'en' NOT NULL,
	"has_events" text NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" uuid NOT NULL,
	"language_code" varchar(10) NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"full_description" text,
	"location" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"full_description" text,
	"image_url" text NOT NULL,
	"original_image_path" text,
	"location" text NOT NULL,
	"country" text NOT NULL,
	"date" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ui_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"language_code" varchar(10) NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "city_translations" ADD CONSTRAINT "city_translations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_translations" ADD CONSTRAINT "country_translations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_facts" ADD CONSTRAINT "place_facts_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_history" ADD CONSTRAINT "place_history_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_translations" ADD CONSTRAINT "place_translations_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_country_idx" ON "cities" USING btree ("name","country");--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "city_translations_city_language_idx" ON "city_translations" USING btree ("city_id","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "country_translations_country_language_idx" ON "country_translations" USING btree ("country_id","language_code");--> statement-breakpoint
CREATE INDEX "gallery_images_place_idx" ON "gallery_images" USING btree ("place_id","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","failed_at");--> statement-breakpoint
CREATE INDEX "photos_place_idx" ON "photos" USING btree ("place_id");--> statement-breakpoint
CREATE UNIQUE INDEX "place_facts_place_language_idx" ON "place_facts" USING btree ("place_id","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "place_history_place_language_idx" ON "place_history" USING btree ("place_id","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "place_translations_place_language_idx" ON "place_translations" USING btree ("place_id","language_code");--> statement-breakpoint
CREATE INDEX "places_date_idx" ON "places" USING btree ("date","created_at");--> statement-breakpoint
CREATE INDEX "places_location_country_idx" ON "places" USING btree ("location","country");--> statement-breakpoint
CREATE INDEX "places_country_idx" ON "places" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "ui_translations_key_language_idx" ON "ui_translations" USING btree ("key","language_code");