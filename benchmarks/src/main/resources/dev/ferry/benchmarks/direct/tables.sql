-- The base tables of one database whose names match a regular expression (the whole name), in
-- name order: what the direct import copies and checks.
SELECT TABLE_NAME FROM information_schema.TABLES
WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME RLIKE ?
ORDER BY TABLE_NAME;
