INSERT INTO `{database}`.`ferry_applied_transactions`
  (`pipeline`, `transaction_id`, `binlog_file`, `binlog_pos`, `kafka_offsets`)
VALUES (?, ?, ?, ?, ?);
