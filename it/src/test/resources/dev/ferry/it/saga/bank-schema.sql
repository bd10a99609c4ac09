-- One bank of the transfer sagas, created in a test database on each participant server.
-- Balances stay within 0..1000, so a transfer that would overdraw or overfill fails for good.
CREATE TABLE `{db}`.account (
  id INT NOT NULL PRIMARY KEY,
  balance BIGINT NOT NULL,
  CONSTRAINT balance_range CHECK (balance BETWEEN 0 AND 1000)
);
-- Every applied action and compensation leaves one row: a step applied twice shows up here.
CREATE TABLE `{db}`.ledger (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  gid VARCHAR(128) NOT NULL,
  branch VARCHAR(32) NOT NULL,
  op VARCHAR(16) NOT NULL,
  amount BIGINT NOT NULL
)
