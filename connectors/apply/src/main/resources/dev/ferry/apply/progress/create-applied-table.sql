-- Upstream transactions committed downstream, written in the same downstream transaction as their
-- changes; a restart skips them. kafka_offsets holds the offset of each transaction's last record
-- per partition (topic:partition@offset;...): a row is deleted once the saved restart offsets are
-- past all of them, when no restart can read the transaction again.
CREATE TABLE IF NOT EXISTS `{database}`.`ferry_applied_transactions` (
  `pipeline` VARCHAR(128) NOT NULL,
  `transaction_id` VARCHAR(255) NOT NULL,
  `binlog_file` VARCHAR(255) NOT NULL,
  `binlog_pos` BIGINT NOT NULL,
  `kafka_offsets` VARCHAR(4096) NOT NULL,
  PRIMARY KEY (`pipeline`, `transaction_id`)
);
