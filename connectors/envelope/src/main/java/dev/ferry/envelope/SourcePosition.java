package dev.ferry.envelope;

import java.io.Serializable;

/**
 * Where a change came from upstream: binlog file and position, row within the binlog event, server
 * id and commit time. Snapshot rows carry the binlog position the snapshot was taken at.
 */
public record SourcePosition(
        String binlogFile,
        long binlogPosition,
        int row,
        long serverId,
        long commitTimestampMs,
        boolean snapshot)
        implements Serializable {}
