SELECT `topic`, `kafka_partition`, `next_offset`
FROM `{database}`.`ferry_apply_offsets`
WHERE `pipeline` = ?;
