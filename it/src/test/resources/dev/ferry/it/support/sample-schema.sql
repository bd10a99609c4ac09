-- Three tables that cover what replication must get right: a large sysbench-shaped table,
-- a table of awkward types, and a composite primary key. {db} is replaced by the test database.
USE `{db}`;

CREATE TABLE `{db}`.`sbtest` (
  id INT NOT NULL AUTO_INCREMENT,
  k INT NOT NULL DEFAULT 0,
  c CHAR(120) NOT NULL DEFAULT '',
  pad CHAR(60) NOT NULL DEFAULT '',
  PRIMARY KEY (id),
  KEY k_1 (k)
) ENGINE=InnoDB;

CREATE TABLE `{db}`.`awkward` (
  id INT NOT NULL,
  big BIGINT UNSIGNED NULL,
  price DECIMAL(20,6) NULL,
  name VARCHAR(100) CHARACTER SET utf8mb4 NULL,
  body TEXT NULL,
  data BLOB NULL,
  happened DATETIME(6) NULL,
  stamped TIMESTAMP(6) NULL DEFAULT NULL,
  day DATE NULL,
  mood ENUM('happy','sad','meh') NULL,
  doc JSON NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

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

INSERT INTO `{db}`.`awkward` VALUES
  (1, 18446744073709551615, 12345678901234.123456, 'emoji 🚀 and ü', REPEAT('long text ', 200), X'00FF10', '2024-02-29 23:59:59.123456', '2024-02-29 23:59:59.654321', '2024-02-29', 'happy', '{"a": [1, 2, {"b": null}], "c": "é"}'),
  (2, 0, -0.000001, '', '', X'', '1000-01-01 00:00:00.000000', '1970-01-01 00:00:01.000000', '1000-01-01', 'sad', '[]'),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (4, 9223372036854775808, 99999999999999.999999, 'four', 'text with \'quotes\' and \\ backslash', X'DEADBEEF', '9999-12-31 23:59:59.999999', '2038-01-19 03:14:07.999999', '9999-12-31', 'meh', '{"nested": {"deep": true}}');

INSERT INTO `{db}`.`order_lines`
SELECT 1000 + (seq DIV 5), seq MOD 5, CONCAT('SKU-', seq), seq MOD 7 FROM seq_0_to_{order_lines};
