-- The rate-limit counters are written on many calls (every directory search counts one) and are worth
-- nothing after a crash: unlogged, their writes skip the write-ahead log and its flush at each commit.
-- A crash empties the table, which only forgets counts and sign-in waits.
ALTER TABLE "rate_limits" SET UNLOGGED;
