package dev.ferry.capture.source;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.schema.TableSchema;
import java.io.Serializable;

/**
 * What the capture source emits: a row change for its table's topic, the END of an upstream
 * transaction (or of a DDL statement) for the transaction topic, a table's new definition for the
 * schema topic, or a merged shard's DDL for the shard DDL coordinator.
 */
public sealed interface CaptureRecord extends Serializable {

    /**
     * One row change, with the source table it was read from ({@code shard}): the event names its
     * target, which differs for merged shards.
     */
    record Change(ChangeEvent event, TableId shard) implements CaptureRecord {
        /** A change of a table written to itself. */
        public Change(ChangeEvent event) {
            this(event, event.table());
        }
    }

    /** The end of one upstream transaction, emitted after its last change. */
    record End(TransactionEnd end) implements CaptureRecord {}

    /** A table's definition after a DDL statement; null once the table is dropped. */
    record Definition(TableId table, TableSchema definition) implements CaptureRecord {}

    /**
     * A DDL statement of one shard of a merged table, for the shard DDL coordinator, which never
     * passes it on: {@code end} is the statement's END as the target would get it (its schema
     * change names the target and carries the target's definition).
     */
    record ShardSchemaChange(TableId shard, TransactionEnd end) implements CaptureRecord {}
}
