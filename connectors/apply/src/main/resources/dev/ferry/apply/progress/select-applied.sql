SELECT `commit_key`, `transaction_ids`, `kafka_offsets`
FROM `{database}`.`ferry_applied_commits`
WHERE `pipeline` = ?;
