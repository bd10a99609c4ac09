-- Check clauses of one table. MariaDB only (MySQL's view has no TABLE_NAME); callers ignore errors.
-- MariaDB declares a JSON column as LONGTEXT with CHECK (json_valid(col)). Parameters: database, table.
SELECT CHECK_CLAUSE
FROM information_schema.CHECK_CONSTRAINTS
WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ?
