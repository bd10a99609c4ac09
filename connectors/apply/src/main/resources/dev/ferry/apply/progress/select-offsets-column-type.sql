-- The type of ferry_applied_commits.kafka_offsets: VARCHAR(4096) in progress tables created before
-- it became MEDIUMTEXT (a commit over more than about 125 topics did not fit).
SELECT LOWER(`DATA_TYPE`)
FROM `information_schema`.`COLUMNS`
WHERE `TABLE_SCHEMA` = ? AND `TABLE_NAME` = 'ferry_applied_commits' AND `COLUMN_NAME` = 'kafka_offsets';
