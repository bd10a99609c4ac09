-- One barrier record; affects 0 rows when (gid, branch_id, op) is already there, and waits for a
-- concurrent transaction holding that key, which is what orders an action and its compensation.
INSERT IGNORE INTO {table} (gid, branch_id, op, reason) VALUES (?, ?, ?, ?)
