-- Run on one connection, in this order; each block is one upstream transaction.
-- 1. one row
START TRANSACTION;
INSERT INTO `{db}`.accounts VALUES (1, 100);
COMMIT;
-- 2. a few thousand rows in one statement
START TRANSACTION;
INSERT INTO `{db}`.transfers SELECT seq, seq MOD 97, CONCAT('bulk-', seq) FROM `{db}`.seq_1_to_3000;
COMMIT;
-- 3. three tables: accounts 2 inserts + 1 update, transfers 1 delete + 1 update, audit 1 insert
START TRANSACTION;
INSERT INTO `{db}`.accounts VALUES (2, 50), (3, 0);
UPDATE `{db}`.accounts SET balance = balance - 10 WHERE id = 1;
DELETE FROM `{db}`.transfers WHERE id = 3000;
UPDATE `{db}`.transfers SET amount = amount + 1 WHERE id = 1;
INSERT INTO `{db}`.audit VALUES (1, 'moved 10');
COMMIT;
-- 4. changes no row at all: no END
START TRANSACTION;
UPDATE `{db}`.accounts SET balance = 0 WHERE id = -1;
COMMIT;
-- 5. changes only a table capture leaves out: no END
START TRANSACTION;
INSERT INTO `{db}`.uncaptured VALUES (1, 1), (2, 2);
COMMIT;
-- 6. mixed: only the captured change counts
START TRANSACTION;
INSERT INTO `{db}`.uncaptured VALUES (3, 3);
INSERT INTO `{db}`.audit VALUES (2, 'mixed');
COMMIT;
