-- The capture user: only what change data capture needs.
CREATE USER IF NOT EXISTS 'ferry_cdc'@'%' IDENTIFIED BY 'ferry_cdc';
GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'ferry_cdc'@'%';
