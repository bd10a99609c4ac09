package dev.ferry.capture.source;

import dev.ferry.capture.filter.ChangeFilter;
import dev.ferry.capture.preflight.UpstreamDefinitions;
import dev.ferry.capture.route.TableRouter;
import dev.ferry.envelope.TransactionEnd;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfig;
import org.apache.flink.cdc.connectors.mysql.source.metrics.MySqlSourceReaderMetrics;
import org.apache.flink.cdc.connectors.mysql.source.offset.BinlogOffset;
import org.apache.flink.cdc.connectors.mysql.source.reader.MySqlRecordEmitter;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlBinlogSplitState;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplitState;
import org.apache.flink.cdc.connectors.mysql.source.split.SourceRecords;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Schema;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Struct;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;

/**
 * Flink CDC's record emitter plus transaction boundaries: it turns Debezium's transaction END
 * records (which the stock emitter drops as "unknown element") into {@link CaptureRecord.End}s
 * carrying the number of changes this source emitted for the transaction.
 *
 * <p>Debezium's {@code provide.transaction.metadata} puts {@code transaction_*} keys into every
 * record's offset; Flink CDC checkpoints them as strings and Debezium casts them back to Long on
 * restore, which fails every restart. So after each batch of records of the binlog split this
 * emitter rewrites the split's starting offset without them, and with the {@link
 * TransactionTracker}'s state instead, which it takes back when a (restored) binlog split arrives.
 * Once per batch is enough: the reader reads the split's state (checkpoints, a finished split) only
 * between two {@link #emitRecord} calls, on the same thread.
 */
public final class TransactionBoundaryEmitter extends MySqlRecordEmitter<CaptureRecord> {
    /** Debezium's TransactionMonitor names the value schema of its BEGIN and END records so. */
    static final String TRANSACTION_VALUE_SCHEMA =
            "io.debezium.connector.common.TransactionMetadataValue";

    private static final String DEBEZIUM_TRANSACTION_KEY_PREFIX = "transaction_";

    private final TransactionTracker transactions;

    /** The binlog split whose offset holds the tracker's state. */
    private MySqlBinlogSplitState trackedSplit;

    /** The offset this emitter last wrote: any other one was set by Flink CDC since. */
    private BinlogOffset written;

    /** Whether the tracker's state changed since it was last written into the split's offset. */
    private boolean stateChanged;

    TransactionBoundaryEmitter(
            TransactionTracker transactions,
            MySqlSourceReaderMetrics metrics,
            boolean includeSchemaChanges) {
        this(
                new ChangeEventDeserializer(transactions),
                transactions,
                metrics,
                includeSchemaChanges);
    }

    TransactionBoundaryEmitter(
            TransactionTracker transactions,
            MySqlSourceReaderMetrics metrics,
            boolean includeSchemaChanges,
            ChangeFilter filter,
            TableRouter router) {
        this(
                new ChangeEventDeserializer(transactions, null, filter, router),
                transactions,
                metrics,
                includeSchemaChanges);
    }

    private TransactionBoundaryEmitter(
            ChangeEventDeserializer deserializer,
            TransactionTracker transactions,
            MySqlSourceReaderMetrics metrics,
            boolean includeSchemaChanges) {
        super(deserializer, metrics, includeSchemaChanges);
        this.transactions = transactions;
    }

    /** The emitter of one source reader (one per subtask), without DDL. */
    public static TransactionBoundaryEmitter create(
            MySqlSourceReaderMetrics metrics, MySqlSourceConfig config) {
        return new TransactionBoundaryEmitter(
                new TransactionTracker(), metrics, config.isIncludeSchemaChanges());
    }

    /**
     * The emitter of one source reader that also emits the DDL statements of captured tables (the
     * source must include schema changes), reading new definitions from {@code definitions}.
     */
    public static TransactionBoundaryEmitter create(
            MySqlSourceReaderMetrics metrics,
            MySqlSourceConfig config,
            UpstreamDefinitions definitions) {
        return create(metrics, config, definitions, ChangeFilter.none(), TableRouter.none());
    }

    /**
     * As {@link #create(MySqlSourceReaderMetrics, MySqlSourceConfig, UpstreamDefinitions)}, with
     * the changes passed through {@code filter} and {@code router} before they are numbered.
     */
    public static TransactionBoundaryEmitter create(
            MySqlSourceReaderMetrics metrics,
            MySqlSourceConfig config,
            UpstreamDefinitions definitions,
            ChangeFilter filter,
            TableRouter router) {
        TransactionTracker transactions = new TransactionTracker();
        SchemaChangeReader schemaChanges =
                new SchemaChangeReader(
                        transactions,
                        definitions,
                        table ->
                                config.getTableFilter()
                                        .test(
                                                new io.debezium.relational.TableId(
                                                        table.database(), null, table.table())));
        return new TransactionBoundaryEmitter(
                new ChangeEventDeserializer(transactions, schemaChanges, filter, router),
                transactions,
                metrics,
                config.isIncludeSchemaChanges());
    }

    /**
     * The records of one fetch: the tracker's state goes into the split's offset once, after them.
     */
    @Override
    public void emitRecord(
            SourceRecords records, SourceOutput<CaptureRecord> output, MySqlSplitState splitState)
            throws Exception {
        super.emitRecord(records, output, splitState);
        if (splitState.isBinlogSplitState()) {
            MySqlBinlogSplitState binlog = splitState.asBinlogSplitState();
            if (binlog == trackedSplit && (stateChanged || binlog.getStartingOffset() != written)) {
                writeState(binlog); // a change, an END or a heartbeat moved the state or offset
            }
        }
        stateChanged = false;
    }

    @Override
    protected void processElement(
            SourceRecord element, SourceOutput<CaptureRecord> output, MySqlSplitState splitState)
            throws Exception {
        if (!splitState.isBinlogSplitState()) {
            super.processElement(element, output, splitState); // snapshot rows: no transaction
            return;
        }
        MySqlBinlogSplitState binlog = splitState.asBinlogSplitState();
        if (binlog != trackedSplit) {
            transactions.restore(binlog.getStartingOffset().getOffset());
            trackedSplit = binlog;
            written = null;
        }
        String status = transactionStatus(element);
        if (status != null) {
            // BEGIN needs nothing: changes carry their transaction's id in their own offsets.
            // Most ENDs on a busy server are other databases': nothing to write for those.
            if (status.equals("END")) {
                Optional<TransactionEnd> end = transactions.endAt(element.sourceOffset());
                if (end.isPresent()) {
                    output.collect(new CaptureRecord.End(end.get()));
                    stateChanged = true; // "ended", so a replayed END after a restore is dropped
                }
            }
            return;
        }
        super.processElement(element, output, splitState);
        transactions.takeUnended().ifPresent(end -> output.collect(new CaptureRecord.End(end)));
        stateChanged = true;
    }

    private void writeState(MySqlBinlogSplitState binlog) {
        BinlogOffset current = binlog.getStartingOffset();
        // Flink CDC builds a new HashMap for each record's offset, held by that BinlogOffset
        // alone: edit it in place. Copy any other, and the one written last, which a checkpoint
        // may hold.
        if (current != written && current.getOffset() instanceof HashMap<String, String> own) {
            own.keySet().removeIf(key -> key.startsWith(DEBEZIUM_TRANSACTION_KEY_PREFIX));
            transactions.writeTo(own);
            written = current;
            return;
        }
        Map<String, String> offset = new HashMap<>(current.getOffset());
        offset.keySet().removeIf(key -> key.startsWith(DEBEZIUM_TRANSACTION_KEY_PREFIX));
        written = new BinlogOffset(transactions.writeTo(offset));
        binlog.setStartingOffset(written);
    }

    /** "BEGIN" or "END" for Debezium's transaction records, null for any other record. */
    static String transactionStatus(SourceRecord record) {
        Schema schema = record.valueSchema();
        if (schema == null || !TRANSACTION_VALUE_SCHEMA.equals(schema.name())) {
            return null;
        }
        return ((Struct) record.value()).getString("status");
    }
}
