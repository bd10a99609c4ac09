-- The downstream's users (MariaDB or TiDB), as bin/services creates them (password = user name).
CREATE USER IF NOT EXISTS 'ferry_admin'@'%' IDENTIFIED BY 'ferry_admin';
GRANT ALL PRIVILEGES ON *.* TO 'ferry_admin'@'%' WITH GRANT OPTION;
-- The apply job creates databases and tables.
CREATE USER IF NOT EXISTS 'ferry_apply'@'%' IDENTIFIED BY 'ferry_apply';
GRANT ALL PRIVILEGES ON *.* TO 'ferry_apply'@'%';
