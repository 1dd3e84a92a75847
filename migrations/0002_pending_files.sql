CREATE TABLE "pending_files" (
	"key" text PRIMARY KEY NOT NULL,
	"owner" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
