-- information_schema's row estimate of every base table of one database (InnoDB: approximate,
-- refreshed by ANALYZE TABLE and by the server's background statistics).
SELECT TABLE_NAME, TABLE_ROWS
FROM information_schema.TABLES
WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'
