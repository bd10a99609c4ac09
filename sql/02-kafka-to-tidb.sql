-- Flink SQL client: apply the Debezium JSON changes of one Kafka topic to TiDB over JDBC.
-- Run: sql-client.sh -f sql/02-kafka-to-tidb.sql  (connector jars: see README, "Flink SQL")
--
-- Edit these for your setup (defaults match bin/services and the demo):
--   kafka       127.0.0.1:9092, topic ferry-sql.ferry_demo.sbtest1, group ferry-sql-apply
--   downstream  jdbc:mysql://127.0.0.1:3308/ferry_demo (TiDB: port 4000), user ferry_apply / ferry_apply
-- The downstream table must exist: create it like the upstream one (the apply job of
-- ferry.jar does that for you).
SET 'pipeline.name' = 'ferry-sql-apply';
SET 'execution.checkpointing.interval' = '5 s';
SET 'parallelism.default' = '2';

CREATE TABLE kafka_sbtest1 (
  id INT,
  k INT,
  c STRING,
  pad STRING
) WITH (
  'connector' = 'kafka',
  'topic' = 'ferry-sql.ferry_demo.sbtest1',
  'properties.bootstrap.servers' = '127.0.0.1:9092',
  'properties.group.id' = 'ferry-sql-apply',
  'properties.isolation.level' = 'read_committed',
  'scan.startup.mode' = 'earliest-offset',
  'format' = 'debezium-json'
);

CREATE TABLE downstream_sbtest1 (
  id INT,
  k INT,
  c STRING,
  pad STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
  'connector' = 'jdbc',
  'url' = 'jdbc:mysql://127.0.0.1:3308/ferry_demo',
  'table-name' = 'sbtest1',
  'username' = 'ferry_apply',
  'password' = 'ferry_apply',
  'sink.buffer-flush.max-rows' = '2000',
  'sink.buffer-flush.interval' = '1 s',
  'sink.parallelism' = '4'
);

INSERT INTO downstream_sbtest1 SELECT id, k, c, pad FROM kafka_sbtest1;
