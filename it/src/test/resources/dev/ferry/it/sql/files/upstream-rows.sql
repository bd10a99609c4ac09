-- The rows in the upstream before any file runs: what the snapshot copies.
INSERT INTO ferry_demo.sbtest1 (id, k, c, pad) VALUES (1, 10, 'one', 'p1'), (2, 20, 'two', 'p2'), (3, 30, 'three', 'p3');
