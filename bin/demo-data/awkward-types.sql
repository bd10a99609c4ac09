-- A table of the column types replication most often gets wrong, with edge values.
-- Used by bin/demo and by the integration tests; {db} is replaced by the database name.
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

INSERT INTO `{db}`.`awkward` VALUES
  (1, 18446744073709551615, 12345678901234.123456, 'emoji 🚀 and ü', REPEAT('long text ', 200), X'00FF10', '2024-02-29 23:59:59.123456', '2024-02-29 23:59:59.654321', '2024-02-29', 'happy', '{"a": [1, 2, {"b": null}], "c": "é"}'),
  (2, 0, -0.000001, '', '', X'', '1000-01-01 00:00:00.000000', '1970-01-01 00:00:01.000000', '1000-01-01', 'sad', '[]'),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (4, 9223372036854775808, 99999999999999.999999, 'four', 'text with \'quotes\' and \\ backslash', X'DEADBEEF', '9999-12-31 23:59:59.999999', '2038-01-19 03:14:07.999999', '9999-12-31', 'meh', '{"nested": {"deep": true}}');
