-- Flink SQL client: one table's changes from ferry's capture, read with Flink's stock
-- debezium-json format and written to TiDB over JDBC. By default the capture puts every table of
-- a database in one topic (kafka.topic-pattern = ferry.{database}, partitioned by table, so each
-- table stays in commit order): a stock table over that topic selects its table by the envelope's
-- source.table, which the format exposes as the metadata column 'value.source.table'.
-- Run: sql-client.sh -f sql/ferry-topic-to-jdbc.sql, with `ferry.jar capture` running.
--
-- Rows of the database's other tables are read too: debezium-json fills the declared columns by
-- name (NULL where a table has no such column) and the WHERE drops them. So a column declared here
-- must parse in every table of the database that has a column of that name, or the job fails on
-- the first row that does not; for such tables give each table a topic of its own
-- (kafka.topic-pattern = ferry.{database}.{table}) and drop the WHERE.
--
-- Edit these for your setup (defaults match bin/services and the demo):
--   kafka       127.0.0.1:9092, topic ferry.ferry_demo, group ferry-sql-sbtest1
--   downstream  jdbc:mysql://127.0.0.1:3308/ferry_demo (TiDB: port 4000), user ferry_apply / ferry_apply
-- The downstream table must exist (the apply job of ferry.jar creates missing tables).
SET 'pipeline.name' = 'ferry-sql-sbtest1';
SET 'execution.checkpointing.interval' = '5 s';
SET 'parallelism.default' = '1';

CREATE TABLE ferry_sbtest1 (
  id INT,
  k INT,
  c STRING,
  pad STRING,
  source_table STRING METADATA FROM 'value.source.table' VIRTUAL
) WITH (
  'connector' = 'kafka',
  'topic' = 'ferry.ferry_demo',
  'properties.bootstrap.servers' = '127.0.0.1:9092',
  'properties.group.id' = 'ferry-sql-sbtest1',
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
  'sink.buffer-flush.interval' = '1 s'
);

INSERT INTO downstream_sbtest1 SELECT id, k, c, pad FROM ferry_sbtest1 WHERE source_table = 'sbtest1';
