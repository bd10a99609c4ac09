-- The sub-transaction barrier of one participant database (DTM's dtmcli.barrier table, without
-- its trans_type and barrier_id: ferry runs one barrier per branch and operation).
-- {table} is replaced by the qualified name from saga.barrier-table.
-- (gid, branch_id, op) is the primary key rather than a unique key beside an AUTO_INCREMENT id:
-- each barrier record is then one index insert instead of two (about a third less server CPU).
CREATE TABLE IF NOT EXISTS {table} (
  gid VARCHAR(128) NOT NULL,
  branch_id VARCHAR(128) NOT NULL,
  op VARCHAR(16) NOT NULL,
  reason VARCHAR(16) NOT NULL,
  create_time DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (gid, branch_id, op)
)
