-- Publish on purpose (docs/decisions/016-publish-on-purpose.md): a place is a draft or published.
-- A draft is invisible to visitors everywhere: every public read asks for published places, and
-- drafts have no search documents (the view leaves them out, and a place that becomes a draft loses
-- its documents in the same statement).
ALTER TABLE "places" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_state_check" CHECK ("state" IN ('draft', 'published'));--> statement-breakpoint
CREATE OR REPLACE VIEW "search_sources" AS
WITH langs(code) AS (VALUES ('en'), ('es'), ('de'), ('fr'), ('zh'))
SELECT 'place'::text AS kind, p.id AS entity_id, l.code AS language_code, coalesce(p.slug, p.id::text) AS slug,
  coalesce(t.title, p.title) AS title,
  CASE WHEN t.id IS NULL THEN 'en' ELSE l.code END AS title_lang,
  coalesce(t.location, p.location) || ', ' || coalesce(t.country, n.name, p.country) AS subtitle,
  coalesce(t.description, p.description) AS body,
  CASE WHEN t.id IS NULL THEN 'en' ELSE l.code END AS body_lang,
  p.image_url, p.date,
  CASE WHEN l.code = 'en' THEN '' ELSE concat_ws(' ', p.title, p.location, p.country) END AS extra
FROM places p CROSS JOIN langs l
LEFT JOIN place_translations t ON t.place_id = p.id AND t.language_code = l.code
LEFT JOIN search_country_names n ON lower(n.english_name) = lower(p.country) AND n.language_code = l.code
WHERE p.state = 'published'
UNION ALL
SELECT 'city', c.id, l.code, c.slug,
  coalesce(ct.name, c.name),
  CASE WHEN ct.id IS NULL THEN 'en' ELSE l.code END,
  coalesce(kt.name, n.name, c.country),
  coalesce(ct.description, c.description),
  CASE WHEN ct.id IS NULL OR ct.description = c.description THEN 'en' ELSE l.code END,
  c.image_url, NULL,
  CASE WHEN l.code = 'en' THEN '' ELSE concat_ws(' ', c.name, c.country) END
FROM cities c CROSS JOIN langs l
LEFT JOIN city_translations ct ON ct.city_id = c.id AND ct.language_code = l.code
LEFT JOIN countries k ON k.name = c.country
LEFT JOIN country_translations kt ON kt.country_id = k.id AND kt.language_code = l.code
LEFT JOIN search_country_names n ON lower(n.english_name) = lower(c.country) AND n.language_code = l.code
UNION ALL
SELECT 'country', k.id, l.code, k.slug,
  coalesce(kt.name, n.name, k.name),
  CASE WHEN kt.id IS NULL AND n.name IS NULL THEN 'en' ELSE l.code END,
  '',
  coalesce(kt.description, k.description),
  CASE WHEN kt.id IS NULL OR kt.description = k.description THEN 'en' ELSE l.code END,
  k.image_url, NULL,
  CASE WHEN l.code = 'en' THEN '' ELSE k.name END
FROM countries k CROSS JOIN langs l
LEFT JOIN country_translations kt ON kt.country_id = k.id AND kt.language_code = l.code
LEFT JOIN search_country_names n ON lower(n.english_name) = lower(k.name) AND n.language_code = l.code;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_on_places"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents d USING old_rows o WHERE d.kind = 'place' AND d.entity_id = o.id;
  ELSE
    DELETE FROM search_documents d USING new_rows n
      WHERE d.kind = 'place' AND d.entity_id = n.id AND n.state <> 'published';
    PERFORM search_refresh_all_languages('place', ARRAY(SELECT id FROM new_rows WHERE state = 'published'));
  END IF;
  RETURN NULL;
END;
$$;
