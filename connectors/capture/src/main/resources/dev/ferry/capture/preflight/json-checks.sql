-- MariaDB declares JSON columns as LONGTEXT with CHECK (json_valid(`column`)).
SELECT CHECK_CLAUSE
FROM information_schema.CHECK_CONSTRAINTS
WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ?;
