-- A table's row count and the sum of its rows' CRC32 over every column, as the benchmark scripts
-- compare upstream and downstream. The two %s are the quoted column list and the quoted table.
SELECT COUNT(*), COALESCE(SUM(CRC32(CONCAT_WS('#', %s))), 0) FROM %s;
