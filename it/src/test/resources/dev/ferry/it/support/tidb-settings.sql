-- TiDB accepts CHECK constraints but, by default, neither creates nor enforces them
-- (tidb_enable_check_constraint is OFF); the saga tests' banks rely on one, as a user's would.
SET GLOBAL tidb_enable_check_constraint = ON;
