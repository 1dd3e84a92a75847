CREATE INDEX "places_lat_lon_idx" ON "places" USING btree ("latitude","longitude");
