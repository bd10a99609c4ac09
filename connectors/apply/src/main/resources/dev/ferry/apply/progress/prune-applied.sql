-- Applied transactions older than the oldest one still pending: no restart reads them again.
DELETE FROM `{database}`.`ferry_applied_transactions`
WHERE `pipeline` = ? AND (`binlog_file` < ? OR (`binlog_file` = ? AND `binlog_pos` < ?));
