-- An applied commit whose records are all before the saved restart offsets.
DELETE FROM `{database}`.`ferry_applied_commits`
WHERE `pipeline` = ? AND `commit_key` = ?;
