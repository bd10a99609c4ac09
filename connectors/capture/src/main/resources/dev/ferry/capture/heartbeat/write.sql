-- One heartbeat: the capture job's row gets the current time. An update of one row is one binlog
-- event, one small transaction. {table} is replaced.
INSERT INTO {table} (source, ts_ms) VALUES (?, ?) ON DUPLICATE KEY UPDATE ts_ms = VALUES(ts_ms)
