-- Nearby places (a place page's "Nearby", "Near me") in one index scan, nearest first: each
-- published place's position as a point on the unit sphere, in a GiST index of the cube extension
-- (a trusted contrib module of PostgreSQL; the embedded database loads it itself). The straight
-- distance between two such points grows with their great-circle distance, so the index's
-- nearest-first order (`<->`) is the order by distance on the Earth: no widening boxes, one
-- statement, and the same at the antimeridian and the poles. docs/decisions/046-nearby-on-the-sphere.md.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "places_sphere_idx" ON "places" USING gist (cube(ARRAY[cos(radians("latitude")) * cos(radians("longitude")), cos(radians("latitude")) * sin(radians("longitude")), sin(radians("latitude"))])) WHERE "state" = 'published' AND "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
