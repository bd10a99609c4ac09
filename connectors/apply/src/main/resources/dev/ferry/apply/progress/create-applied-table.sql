-- Upstream transactions committed downstream, written in the same downstream transaction as their
-- changes; a restart skips them. Rows older than the oldest unapplied transaction are pruned.
CREATE TABLE IF NOT EXISTS `{database}`.`ferry_applied_transactions` (
  `pipeline` VARCHAR(128) NOT NULL,
  `transaction_id` VARCHAR(255) NOT NULL,
  `binlog_file` VARCHAR(255) NOT NULL,
  `binlog_pos` BIGINT NOT NULL,
  PRIMARY KEY (`pipeline`, `transaction_id`)
);
