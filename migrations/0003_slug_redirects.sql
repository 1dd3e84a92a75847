CREATE TABLE "slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"target_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
