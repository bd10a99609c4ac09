-- Nothing pending: the restart offsets are past every applied transaction.
DELETE FROM `{database}`.`ferry_applied_transactions` WHERE `pipeline` = ?;
