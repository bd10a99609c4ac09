-- The upstream's users, as bin/services creates them (password = user name).
CREATE USER IF NOT EXISTS 'ferry_admin'@'%' IDENTIFIED BY 'ferry_admin';
GRANT ALL PRIVILEGES ON *.* TO 'ferry_admin'@'%' WITH GRANT OPTION;
-- Change data capture with least privilege: SELECT reads the snapshot, RELOAD allows
-- FLUSH TABLES WITH READ LOCK, REPLICATION SLAVE the binlog dump, REPLICATION CLIENT
-- (BINLOG MONITOR on MariaDB) SHOW MASTER STATUS.
CREATE USER IF NOT EXISTS 'ferry_cdc'@'%' IDENTIFIED BY 'ferry_cdc';
GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'ferry_cdc'@'%';
