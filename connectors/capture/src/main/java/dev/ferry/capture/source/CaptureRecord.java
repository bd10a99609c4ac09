package dev.ferry.capture.source;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.schema.TableSchema;
import java.io.Serializable;

/**
 * What the capture source emits: a row change for its table's topic, the END of an upstream
 * transaction (or of a DDL statement) for the transaction topic, or a table's new definition for
 * the schema topic.
 */
public sealed interface CaptureRecord extends Serializable {

    /** One row change. */
    record Change(ChangeEvent event) implements CaptureRecord {}

    /** The end of one upstream transaction, emitted after its last change. */
    record End(TransactionEnd end) implements CaptureRecord {}

    /** A table's definition after a DDL statement; null once the table is dropped. */
    record Definition(TableId table, TableSchema definition) implements CaptureRecord {}
}
