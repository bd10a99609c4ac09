SELECT `transaction_id` FROM `{database}`.`ferry_applied_transactions` WHERE `pipeline` = ?;
