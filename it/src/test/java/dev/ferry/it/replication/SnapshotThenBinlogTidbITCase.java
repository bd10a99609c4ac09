package dev.ferry.it.replication;

import dev.ferry.it.support.OnTidb;

/**
 * {@link SnapshotThenBinlogITCase} with TiDB as the downstream: snapshot and binlog with the
 * awkward types, tables created from the upstream definition, compared by the checksum utility.
 */
@OnTidb
class SnapshotThenBinlogTidbITCase extends SnapshotThenBinlogITCase {}
