SELECT `transaction_id`, `kafka_offsets`
FROM `{database}`.`ferry_applied_transactions`
WHERE `pipeline` = ?;
