-- Columns of every table of one downstream database, each table's in table order: read once at
-- start for all the tables a pipeline writes there, instead of a query per table on first use.
SELECT TABLE_NAME, COLUMN_NAME, DATA_TYPE
FROM information_schema.COLUMNS
WHERE TABLE_SCHEMA = ?
ORDER BY TABLE_NAME, ORDINAL_POSITION;
