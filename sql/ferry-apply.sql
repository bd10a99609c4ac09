-- Flink SQL client: ferry's apply, transaction-consistent, as a SQL job. Reads what ferry's
-- capture job writes (the change topics here; the ferry-apply sink reads the transaction topic
-- itself) and applies each upstream transaction whole, exactly once, through the ferry-apply
-- connector (in ferry.jar).
-- Run: sql-client.sh -j jobs/target/ferry.jar -f sql/ferry-apply.sql, with `ferry.jar capture`
-- running (its defaults: topic ferry.<db> for every table of a database, ferry-transactions,
-- ferry-schema). The pattern below also matches a topic per table, ferry.<db>.<table>.
--
-- The ferry-apply options are the apply job's (java -jar ferry.jar options), with the same
-- defaults. With apply.consistency = 'transaction' the progress lives in the downstream: run
-- without checkpointing and start the Kafka source at the earliest offset; the sink skips what
-- the downstream records as applied.
SET 'pipeline.name' = 'ferry-sql-apply-transactions';

CREATE TABLE ferry_records (
  `topic` STRING METADATA VIRTUAL,
  `partition` INT METADATA VIRTUAL,
  `offset` BIGINT METADATA VIRTUAL,
  record_key BYTES,
  record_value BYTES
) WITH (
  'connector' = 'kafka',
  'topic-pattern' = 'ferry\.ferry_demo(\..*)?',
  'properties.bootstrap.servers' = '127.0.0.1:9092',
  'properties.group.id' = 'ferry-sql-apply',
  'properties.isolation.level' = 'read_committed',
  'scan.startup.mode' = 'earliest-offset',
  'key.format' = 'raw',
  'key.fields' = 'record_key',
  'value.format' = 'raw',
  'value.fields-include' = 'EXCEPT_KEY'
);

CREATE TABLE tidb (
  `topic` STRING,
  `partition` INT,
  `offset` BIGINT,
  record_key BYTES,
  record_value BYTES
) WITH (
  'connector' = 'ferry-apply',
  'downstream.hostname' = '127.0.0.1',
  'downstream.port' = '3308',
  'downstream.username' = 'ferry_apply',
  'downstream.password' = 'ferry_apply',
  'kafka.bootstrap-servers' = '127.0.0.1:9092',
  'kafka.schema-topic' = 'ferry-schema',
  'kafka.transaction-topic' = 'ferry-transactions',
  'kafka.consumer-group' = 'ferry-sql-apply',
  'apply.consistency' = 'transaction',
  'apply.workers' = '8'
);

INSERT INTO tidb SELECT `topic`, `partition`, `offset`, record_key, record_value FROM ferry_records;
