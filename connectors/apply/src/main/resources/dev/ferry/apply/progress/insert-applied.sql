INSERT INTO `{database}`.`ferry_applied_commits`
  (`pipeline`, `commit_key`, `transaction_ids`, `kafka_offsets`)
VALUES (?, ?, ?, ?);
