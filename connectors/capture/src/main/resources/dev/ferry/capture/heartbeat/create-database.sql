-- The heartbeat table's database, when missing. {database} is replaced, quoted.
CREATE DATABASE IF NOT EXISTS {database}
