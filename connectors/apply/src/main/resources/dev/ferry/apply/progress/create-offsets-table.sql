-- Per apply pipeline and Kafka partition: where a restart reads again (everything before is applied).
CREATE TABLE IF NOT EXISTS `{database}`.`ferry_apply_offsets` (
  `pipeline` VARCHAR(128) NOT NULL,
  `topic` VARCHAR(249) NOT NULL,
  `kafka_partition` INT NOT NULL,
  `next_offset` BIGINT NOT NULL,
  `updated_at` TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
  PRIMARY KEY (`pipeline`, `topic`, `kafka_partition`)
);
