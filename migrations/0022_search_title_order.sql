-- Search's first phase takes the first documents whose title is the text or starts with it, in
-- title order. The text_pattern_ops index of 0017 answers the prefix but not the order (its order
-- is its own operators', not the column's collation), so every document with that prefix was read
-- and sorted first: 7,800 of them for a common word at 100,000 places, a second. An index in the
-- "C" collation answers both (a prefix is a range in byte order) and is walked in order until the
-- page of candidates is full; with the candidates' kind and entity in it, from the index alone.
DROP INDEX IF EXISTS "search_documents_title_prefix_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_documents_title_order_idx" ON "search_documents" USING btree ("title_norm" COLLATE "C") INCLUDE ("kind", "entity_id");
