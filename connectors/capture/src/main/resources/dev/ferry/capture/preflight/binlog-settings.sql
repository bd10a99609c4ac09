-- The server settings that change data capture depends on.
SELECT VARIABLE_NAME, VARIABLE_VALUE
FROM information_schema.GLOBAL_VARIABLES
WHERE VARIABLE_NAME IN ('LOG_BIN', 'BINLOG_FORMAT', 'BINLOG_ROW_IMAGE');
