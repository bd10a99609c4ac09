-- The transfer benchmark's bank, created on both participant servers (DTM's TransOut / TransIn:
-- each branch updates a balance and records the movement).
DROP DATABASE IF EXISTS {db};
CREATE DATABASE {db};
CREATE TABLE {db}.account (
  id INT NOT NULL PRIMARY KEY,
  balance BIGINT NOT NULL
);
CREATE TABLE {db}.ledger (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  gid VARCHAR(128) NOT NULL,
  branch VARCHAR(32) NOT NULL,
  amount BIGINT NOT NULL
);
-- {accounts} accounts with a large balance, so that no transfer fails (MariaDB stops recursive
-- queries at 1000 rows by default).
SET SESSION max_recursive_iterations = 10000000;
INSERT INTO {db}.account (id, balance)
  WITH RECURSIVE n (id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n WHERE id < {accounts})
  SELECT id, 1000000000 FROM n
