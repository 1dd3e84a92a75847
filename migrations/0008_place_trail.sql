-- Wayfinding (breadcrumbs, hero links): the address of a place's city and country, when the admin
-- has created them. Functions, so every place query (lists, the place page, places nested as JSON)
-- reads them the same way, with arguments bound in the caller's scope; each is one unique-index
-- lookup (cities_name_country_idx, countries_name_unique).
CREATE OR REPLACE FUNCTION "city_slug_of"(city_name text, country_name text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$ SELECT slug FROM cities WHERE name = $1 AND country = $2 $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "country_slug_of"(country_name text) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$ SELECT slug FROM countries WHERE name = $1 $$;
