-- The funnel's bulk workload, Canal's batch Insert/Update/Delete, one statement per block of 1,000
-- ids (${first} to ${last}) of ${database}.${table}, each autocommitted: its own transaction.
-- BulkStatements runs the inserts of every block, then the updates, then the deletes and the
-- reinserts of the first half of the blocks. seq_A_to_B is MariaDB's Sequence engine.
-- insert
INSERT INTO ${database}.${table} SELECT seq, 1, RPAD(MD5(seq), 120, '-'), RPAD(SHA1(seq), 60, '-') FROM ${database}.seq_${first}_to_${last};
-- update
UPDATE ${database}.${table} SET k = 2, c = REVERSE(c) WHERE id BETWEEN ${first} AND ${last};
-- delete
DELETE FROM ${database}.${table} WHERE id BETWEEN ${first} AND ${last};
-- reinsert
INSERT INTO ${database}.${table} SELECT seq, 3, RPAD(SHA1(seq), 120, '+'), RPAD(MD5(seq), 60, '+') FROM ${database}.seq_${first}_to_${last};
