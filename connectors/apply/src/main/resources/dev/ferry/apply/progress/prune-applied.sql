-- An applied transaction whose records are all before the saved restart offsets.
DELETE FROM `{database}`.`ferry_applied_transactions`
WHERE `pipeline` = ? AND `transaction_id` = ?;
