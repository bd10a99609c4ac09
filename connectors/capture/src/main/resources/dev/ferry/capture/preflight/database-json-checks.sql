-- MariaDB declares JSON columns as LONGTEXT with CHECK (json_valid(`column`)): those of one database.
SELECT TABLE_NAME, CHECK_CLAUSE
FROM information_schema.CHECK_CONSTRAINTS
WHERE CONSTRAINT_SCHEMA = ?;
