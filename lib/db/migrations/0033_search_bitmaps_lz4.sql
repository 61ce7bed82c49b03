-- A bitmap row is 8 KB of bits, stored compressed (TOAST) when it is sparse, as most are: with
-- pglz each row written (a rebuild writes some 18,500 a chunk; every applied change rewrites its
-- rows) took 37–53 µs to insert, with lz4 4–14 µs; lz4's rows are 24% larger (decision 101).
-- PostgreSQL built without lz4 (PGlite is) refuses the method: the column keeps pglz there.
-- Rows already stored keep their method until rewritten (the next rebuild or change).
DO $$
BEGIN
  ALTER TABLE search_bitmaps ALTER COLUMN bits SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'search_bitmaps.bits keeps pglz: this server has no lz4';
END $$;
