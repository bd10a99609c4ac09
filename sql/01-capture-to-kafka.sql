-- Flink SQL client: capture one upstream table into Kafka as Debezium JSON.
-- Run: sql-client.sh -f sql/01-capture-to-kafka.sql  (connector jars: see README, "Flink SQL")
--
-- Edit these for your setup (defaults match bin/services and the demo):
--   upstream   127.0.0.1:3307  user ferry_cdc / ferry_cdc, database ferry_demo, table sbtest1
--   kafka      127.0.0.1:9092, topic ferry-sql.ferry_demo.sbtest1
--   server-id  5500-5501: unique among all replicas and jobs reading this upstream
SET 'pipeline.name' = 'ferry-sql-capture';
SET 'execution.checkpointing.interval' = '5 s';
SET 'parallelism.default' = '2';

CREATE TABLE upstream_sbtest1 (
  id INT,
  k INT,
  c STRING,
  pad STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
  'connector' = 'mysql-cdc',
  'hostname' = '127.0.0.1',
  'port' = '3307',
  'username' = 'ferry_cdc',
  'password' = 'ferry_cdc',
  'database-name' = 'ferry_demo',
  'table-name' = 'sbtest1',
  'server-id' = '5500-5501',
  'server-time-zone' = 'UTC',
  'scan.incremental.snapshot.chunk.size' = '8096'
);

CREATE TABLE kafka_sbtest1 (
  id INT,
  k INT,
  c STRING,
  pad STRING
) WITH (
  'connector' = 'kafka',
  'topic' = 'ferry-sql.ferry_demo.sbtest1',
  'properties.bootstrap.servers' = '127.0.0.1:9092',
  'properties.transaction.timeout.ms' = '900000',
  'sink.delivery-guarantee' = 'exactly-once',
  'sink.transactional-id-prefix' = 'ferry-sql-capture-ferry_demo',
  'format' = 'debezium-json'
);

INSERT INTO kafka_sbtest1 SELECT id, k, c, pad FROM upstream_sbtest1;
