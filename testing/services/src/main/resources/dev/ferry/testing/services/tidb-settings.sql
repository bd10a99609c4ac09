-- TiDB accepts CHECK constraints but, by default, neither creates nor enforces them
-- (tidb_enable_check_constraint is OFF); the saga tests' banks rely on one, as a user's would.
SET GLOBAL tidb_enable_check_constraint = ON;
-- Reads at a past timestamp (tidb_snapshot, AS OF TIMESTAMP) check the GC safe point, which only
-- TiDB's GC worker writes and unistore never runs: without this row they fail with "can not get
-- 'tikv_gc_safe_point'". The bank checker re-reads a suspect poll at its own timestamp.
INSERT IGNORE INTO mysql.tidb (VARIABLE_NAME, VARIABLE_VALUE, COMMENT)
    VALUES ('tikv_gc_safe_point', '20000101-00:00:00.000 +0000', 'unistore runs no GC: every version is kept');
