INSERT INTO `{database}`.`ferry_apply_offsets` (`pipeline`, `topic`, `kafka_partition`, `next_offset`)
VALUES (?, ?, ?, ?)
ON DUPLICATE KEY UPDATE `next_offset` = VALUES(`next_offset`);
