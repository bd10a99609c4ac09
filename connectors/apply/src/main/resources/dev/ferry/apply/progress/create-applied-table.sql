-- Downstream commits of upstream transactions, one row per commit, written in the same downstream
-- transaction as their changes; a restart skips the transactions listed. transaction_ids holds
-- their ids in commit order, their common prefix written once (see TransactionIdList); commit_key
-- is the first of them. kafka_offsets holds the offset of the commit's last record per partition,
-- the topics' common prefix written once (see PartitionOffsetList): a row is deleted once the saved restart offsets are past all of them, when no restart can read its
-- transactions again. TiDB and MySQL accept this definition.
CREATE TABLE IF NOT EXISTS `{database}`.`ferry_applied_commits` (
  `pipeline` VARCHAR(128) NOT NULL,
  `commit_key` VARCHAR(255) NOT NULL,
  `transaction_ids` MEDIUMTEXT NOT NULL,
  `kafka_offsets` MEDIUMTEXT NOT NULL,
  `committed_at` TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (`pipeline`, `commit_key`)
);
