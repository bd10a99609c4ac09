-- Whether the heartbeat table exists: created only when missing, so that a capture user without
-- CREATE can use a table made for it.
SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
