package dev.ferry.capture.source;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TransactionEnd;
import java.io.Serializable;

/**
 * What the capture source emits: a row change for its table's topic, or the END of an upstream
 * transaction for the transaction topic.
 */
public sealed interface CaptureRecord extends Serializable {

    /** One row change. */
    record Change(ChangeEvent event) implements CaptureRecord {}

    /** The end of one upstream transaction, emitted after its last change. */
    record End(TransactionEnd end) implements CaptureRecord {}
}
