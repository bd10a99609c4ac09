-- Columns of a table's primary and unique keys, grouped by key, in key order. Parameters: database, table.
SELECT INDEX_NAME, COLUMN_NAME, NULLABLE
FROM information_schema.STATISTICS
WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND NON_UNIQUE = 0
ORDER BY INDEX_NAME = 'PRIMARY' DESC, INDEX_NAME, SEQ_IN_INDEX
