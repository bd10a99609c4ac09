package org.apache.flink.cdc.connectors.mysql.source;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import dev.ferry.capture.source.BinlogSessionGuard;
import java.io.IOException;
import java.lang.reflect.Field;
import org.apache.flink.cdc.connectors.mysql.debezium.reader.BinlogSplitReader;
import org.apache.flink.cdc.connectors.mysql.debezium.task.context.StatefulTaskContext;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfig;
import org.apache.flink.cdc.connectors.mysql.source.reader.MySqlSourceReaderContext;
import org.apache.flink.cdc.connectors.mysql.source.reader.MySqlSplitReader;
import org.apache.flink.cdc.connectors.mysql.source.split.SourceRecords;
import org.apache.flink.cdc.connectors.mysql.source.utils.hooks.SnapshotPhaseHooks;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;

/**
 * Flink CDC's split reader with a {@link BinlogSessionGuard} on the binlog reader's client: a lost
 * or replaced binlog session fails the reader instead of resuming mid-transaction.
 *
 * <p>Flink CDC 3.5 creates the binlog reader and its client inside private code, so the guard is
 * attached after each fetch, once per binlog reader, through two private fields ({@code
 * MySqlSplitReader.reusedBinlogReader}, {@code BinlogSplitReader.statefulTaskContext}); {@code
 * BinlogGuardingSplitReaderTest} fails when an upgrade renames either.
 */
final class BinlogGuardingSplitReader extends MySqlSplitReader {
    private static final Field BINLOG_READER = field(MySqlSplitReader.class, "reusedBinlogReader");
    private static final Field TASK_CONTEXT = field(BinlogSplitReader.class, "statefulTaskContext");

    private final String endpoint;
    private BinlogSplitReader guarded;

    BinlogGuardingSplitReader(
            MySqlSourceConfig sourceConfig, int subtaskId, MySqlSourceReaderContext context) {
        super(sourceConfig, subtaskId, context, SnapshotPhaseHooks.empty());
        this.endpoint = sourceConfig.getHostname() + ":" + sourceConfig.getPort();
    }

    @Override
    public RecordsWithSplitIds<SourceRecords> fetch() throws IOException {
        RecordsWithSplitIds<SourceRecords> records = super.fetch();
        guardBinlogReader();
        return records;
    }

    private void guardBinlogReader() {
        BinlogSplitReader reader = (BinlogSplitReader) read(BINLOG_READER, this);
        if (reader == null || reader == guarded) {
            return;
        }
        StatefulTaskContext context = (StatefulTaskContext) read(TASK_CONTEXT, reader);
        BinaryLogClient client = context.getBinaryLogClient();
        BinlogSessionGuard guard =
                new BinlogSessionGuard(
                        endpoint,
                        () -> reader.getChangeEventSourceContext().isRunning(),
                        // The error handler is the current split's (configure() makes a new one).
                        cause -> context.getErrorHandler().setProducerThrowable(cause));
        // Listening first, then looking: a session that opens in between is seen either way.
        client.registerLifecycleListener(guard);
        guard.sessionOpenedBefore(client);
        guarded = reader;
    }

    static Field field(Class<?> owner, String name) {
        try {
            Field field = owner.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(
                    owner.getName()
                            + " has no field "
                            + name
                            + ": the Flink CDC version changed; BinlogGuardingSplitReader needs"
                            + " to follow it",
                    e);
        }
    }

    private static Object read(Field field, Object owner) {
        try {
            return field.get(owner);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + field, e);
        }
    }
}
