-- A business table and the outbox its transactions write a saga command into.
CREATE TABLE `{db}`.orders (
  id BIGINT NOT NULL PRIMARY KEY,
  item VARCHAR(64) NOT NULL
);
CREATE TABLE `{db}`.saga_outbox (
  gid VARCHAR(128) NOT NULL PRIMARY KEY,
  command TEXT NOT NULL,
  created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
)
