-- The sub-transaction barrier of one participant database (DTM's dtmcli.barrier table, without
-- its trans_type and barrier_id: ferry runs one barrier per branch and operation).
-- {table} is replaced by the qualified name from saga.barrier-table.
CREATE TABLE IF NOT EXISTS {table} (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  gid VARCHAR(128) NOT NULL,
  branch_id VARCHAR(128) NOT NULL,
  op VARCHAR(16) NOT NULL,
  reason VARCHAR(16) NOT NULL,
  create_time DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  UNIQUE KEY uk_gid_branch_op (gid, branch_id, op)
)
