-- Widens kafka_offsets of an earlier progress table; TiDB and MySQL change VARCHAR to MEDIUMTEXT in
-- place, keeping the rows.
ALTER TABLE `{database}`.`ferry_applied_commits` MODIFY `kafka_offsets` MEDIUMTEXT NOT NULL;
