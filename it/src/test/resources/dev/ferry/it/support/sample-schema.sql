-- Two of the three sample tables: a large sysbench-shaped table and a composite primary key
-- (the awkward types come from bin/demo-data/awkward-types.sql, shared with the demo). {db} is replaced by the test database.
USE `{db}`;

CREATE TABLE `{db}`.`sbtest` (
  id INT NOT NULL AUTO_INCREMENT,
  k INT NOT NULL DEFAULT 0,
  c CHAR(120) NOT NULL DEFAULT '',
  pad CHAR(60) NOT NULL DEFAULT '',
  PRIMARY KEY (id),
  KEY k_1 (k)
) ENGINE=InnoDB;

CREATE TABLE `{db}`.`order_lines` (
  order_id BIGINT NOT NULL,
  line_no INT NOT NULL,
  sku VARCHAR(32) NOT NULL,
  qty INT NOT NULL,
  PRIMARY KEY (order_id, line_no)
) ENGINE=InnoDB;

-- MariaDB's sequence engine fills tables fast without a client round trip per row.
INSERT INTO `{db}`.`sbtest` (id, k, c, pad)
SELECT seq, FLOOR(RAND(seq) * 100000), SHA2(seq, 256), MD5(seq) FROM seq_1_to_{rows};

INSERT INTO `{db}`.`order_lines`
SELECT 1000 + (seq DIV 5), seq MOD 5, CONCAT('SKU-', seq), seq MOD 7 FROM seq_0_to_{order_lines};
