-- The changes made upstream once every file's "after rows" expectations are met: what the binlog
-- carries.
UPDATE ferry_demo.sbtest1 SET c = 'one, updated' WHERE id = 1;
DELETE FROM ferry_demo.sbtest1 WHERE id = 2;
INSERT INTO ferry_demo.sbtest1 (id, k, c, pad) VALUES (4, 40, 'four', 'p4');
