-- The stock Flink CDC SQL pipeline ferry is measured against: mysql-cdc -> jdbc, no Kafka, four
-- sysbench tables in one job. Run by benchmarks/import.sh, benchmarks/incremental.sh and benchmarks/drain.sh.
SET 'pipeline.name' = 'stock-mysql-cdc-to-jdbc';
SET 'parallelism.default' = '${parallelism}';
SET 'execution.checkpointing.interval' = '10 s';
-- drain.sh pauses the process (SIGSTOP) for longer than the default 50 s: on resume the overdue
-- heartbeat timeout would fail the job over. Changes nothing for a job that is never paused.
SET 'heartbeat.timeout' = '600000';

CREATE TABLE src (
  db_name STRING METADATA FROM 'database_name' VIRTUAL,
  table_name STRING METADATA FROM 'table_name' VIRTUAL,
  id INT, k INT, c STRING, pad STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
  'connector' = 'mysql-cdc',
  'hostname' = '${upstream_host:-127.0.0.1}', 'port' = '${upstream_port}',
  'username' = '${upstream_user:-ferry_cdc}', 'password' = '${upstream_password:-ferry_cdc}',
  'database-name' = '${database}', 'table-name' = 'sbtest[0-9]+',
  'server-id' = '${server_ids}', 'server-time-zone' = 'UTC',
  'scan.incremental.snapshot.chunk.size' = '8096'${source_tuning}
);

CREATE TABLE dst1 (id INT, k INT, c STRING, pad STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:mysql://${downstream_host:-127.0.0.1}:${downstream_port}/${database}', 'table-name' = 'sbtest1',
  'username' = '${downstream_user:-ferry_apply}', 'password' = '${downstream_password:-ferry_apply}', 'sink.buffer-flush.max-rows' = '${batch_size}');
CREATE TABLE dst2 (id INT, k INT, c STRING, pad STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:mysql://${downstream_host:-127.0.0.1}:${downstream_port}/${database}', 'table-name' = 'sbtest2',
  'username' = '${downstream_user:-ferry_apply}', 'password' = '${downstream_password:-ferry_apply}', 'sink.buffer-flush.max-rows' = '${batch_size}');
CREATE TABLE dst3 (id INT, k INT, c STRING, pad STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:mysql://${downstream_host:-127.0.0.1}:${downstream_port}/${database}', 'table-name' = 'sbtest3',
  'username' = '${downstream_user:-ferry_apply}', 'password' = '${downstream_password:-ferry_apply}', 'sink.buffer-flush.max-rows' = '${batch_size}');
CREATE TABLE dst4 (id INT, k INT, c STRING, pad STRING, PRIMARY KEY (id) NOT ENFORCED) WITH (
  'connector' = 'jdbc', 'url' = 'jdbc:mysql://${downstream_host:-127.0.0.1}:${downstream_port}/${database}', 'table-name' = 'sbtest4',
  'username' = '${downstream_user:-ferry_apply}', 'password' = '${downstream_password:-ferry_apply}', 'sink.buffer-flush.max-rows' = '${batch_size}');

INSERT INTO dst1 SELECT id, k, c, pad FROM src WHERE table_name = 'sbtest1';
INSERT INTO dst2 SELECT id, k, c, pad FROM src WHERE table_name = 'sbtest2';
INSERT INTO dst3 SELECT id, k, c, pad FROM src WHERE table_name = 'sbtest3';
INSERT INTO dst4 SELECT id, k, c, pad FROM src WHERE table_name = 'sbtest4';
