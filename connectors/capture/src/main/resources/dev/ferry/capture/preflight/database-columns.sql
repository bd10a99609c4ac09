-- Columns of every table of one database, each table's in table order: one query for all the
-- tables captured there, where a query per table made start-up grow with the table count.
SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, DATA_TYPE, IS_NULLABLE, CHARACTER_SET_NAME, COLLATION_NAME,
       COLUMN_DEFAULT, EXTRA
FROM information_schema.COLUMNS
WHERE TABLE_SCHEMA = ?
ORDER BY TABLE_NAME, ORDINAL_POSITION;
