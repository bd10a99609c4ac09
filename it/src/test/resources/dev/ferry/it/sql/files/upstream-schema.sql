-- The upstream tables that the files in sql/ replicate, created in each test database (which
-- stands for ferry_demo). SqlFilesITCase also creates them downstream for a file whose
-- expectations say `downstream-tables`.
CREATE TABLE ferry_demo.sbtest1 (
  id INT NOT NULL AUTO_INCREMENT,
  k INT NOT NULL DEFAULT 0,
  c CHAR(120) NOT NULL DEFAULT '',
  pad CHAR(60) NOT NULL DEFAULT '',
  PRIMARY KEY (id)
);
