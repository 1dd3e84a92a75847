-- A hundred thousand places (issue 45, docs/decisions/034-scale.md).
-- Tags that fit a header: an export or feed of more than a few dozen places carries its list's tag
-- (`places-of:city:<id>`, `places-of:country:<id>`, or `place-texts` for any other list) instead of
-- one tag per place, so every change of a place's own content also names the lists it is in.
CREATE OR REPLACE FUNCTION "note_content_changes"(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "content_version" WHERE "id" = 1 FOR UPDATE;
  INSERT INTO "content_changes" ("tag")
  SELECT DISTINCT t FROM (
    SELECT unnest(tags) AS t
    UNION ALL
    SELECT 'place-texts' WHERE EXISTS (SELECT 1 FROM unnest(tags) AS u WHERE u LIKE 'place:%')
    UNION ALL
    SELECT unnest(ARRAY['places-of:city:' || c.id, 'places-of:country:' || k.id])
    FROM "places" p
    LEFT JOIN "cities" c ON c.name = p.location AND c.country = p.country
    LEFT JOIN "countries" k ON k.name = p.country
    WHERE p.id IN (SELECT substr(u, 7)::uuid FROM unnest(tags) AS u WHERE u LIKE 'place:%')
  ) x WHERE t IS NOT NULL;
END;
$$;--> statement-breakpoint
-- Edit Places' "Drafts" filter, newest uploads first: without it, every place is read for the few drafts.
CREATE INDEX IF NOT EXISTS "places_state_created_idx" ON "places" USING btree ("state", "created_at", "id");
--> statement-breakpoint
-- Search's first phase: the documents whose title is the text or starts with it, in title order.
CREATE INDEX IF NOT EXISTS "search_documents_title_prefix_idx" ON "search_documents" USING btree ("title_norm" text_pattern_ops);
