-- The heartbeat table (monitoring.heartbeat-table): one row per capture job. {table} is replaced.
CREATE TABLE IF NOT EXISTS {table} (
  source VARCHAR(255) NOT NULL PRIMARY KEY,
  ts_ms BIGINT NOT NULL
)
