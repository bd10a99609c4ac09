package dev.ferry.apply.sink;

import dev.ferry.apply.ApplyConfig;
import dev.ferry.apply.buffer.ChangeBuffer;
import dev.ferry.apply.buffer.RowChange;
import dev.ferry.apply.catalog.DownstreamCatalog;
import dev.ferry.apply.catalog.SchemaTopicReader;
import dev.ferry.apply.source.DeadLetters;
import dev.ferry.apply.source.EnvelopeParser;
import dev.ferry.apply.source.RawChange;
import dev.ferry.apply.writer.BatchWriter;
import dev.ferry.apply.writer.DownstreamOutage;
import dev.ferry.apply.writer.Retryable;
import dev.ferry.apply.writer.WriterConnection;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.Operation;
import dev.ferry.envelope.TableId;
import dev.ferry.heartbeat.HeartbeatTable;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Map;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One apply writer: parses the envelopes of the keys it owns, reduces them in a {@link
 * ChangeBuffer} and writes them with its own downstream connection when the buffer is full, when
 * the flush interval passes, and before every checkpoint.
 */
final class JdbcApplyWriter implements SinkWriter<RawChange> {
    private static final Logger LOG = LoggerFactory.getLogger(JdbcApplyWriter.class);
    private static final int ATTEMPTS = 4;

    private final ApplyConfig config;
    private final ProcessingTimeService timers;
    private final EnvelopeParser envelope = new EnvelopeParser();
    private final ChangeBuffer buffer = new ChangeBuffer();
    private final DownstreamCatalog catalog;
    private final BatchWriter batchWriter;
    private final Counter rowsApplied;
    private volatile long lastAppliedCommitTs;
    private long pendingCommitTs;
    private final RowDelay delay;
    private final int subtask;
    private final int writers;
    private final WriterConnection connection;
    private final DeadLetters deadLetters;

    JdbcApplyWriter(
            ApplyConfig config,
            ProcessingTimeService timers,
            SinkWriterMetricGroup metrics,
            int subtask,
            int writers) {
        this.config = config;
        this.subtask = subtask;
        this.writers = writers;
        this.timers = timers;
        SchemaTopicReader schemas = new SchemaTopicReader(config.kafka, config.schemaTopic);
        this.catalog = new DownstreamCatalog(config.createMissingTables, schemas::readAll);
        this.batchWriter = new BatchWriter(catalog, config.batchSize, config.maxStatementBytes);
        DownstreamOutage outage =
                new DownstreamOutage(
                        config.downstream.toString(), config.downstreamOutageTimeoutMs);
        this.connection = new WriterConnection(config.downstream, outage);
        ApplyMetrics.outage(metrics, outage);
        this.deadLetters =
                config.deadLetterTopic == null
                        ? null
                        : new DeadLetters(config.kafka, config.deadLetterTopic);
        this.rowsApplied = metrics.counter("ferryRowsApplied");
        metrics.gauge("ferryLastAppliedCommitTimestamp", () -> lastAppliedCommitTs);
        this.delay = new RowDelay(config.heartbeat != null, System::currentTimeMillis);
        // The name the transaction mode uses: ferry status and the docs read it by it.
        metrics.gauge("replicationDelayMs", delay::delayMs);
        scheduleFlush();
    }

    @Override
    public void write(RawChange change, Context context) throws IOException, InterruptedException {
        ChangeEvent event;
        try {
            event = envelope.parse(change);
        } catch (EnvelopeParser.PoisonRecordException e) {
            if (deadLetters == null) {
                throw e;
            }
            deadLetters.send(change, e.getMessage());
            return;
        }
        long beat = heartbeatTime(event);
        if (change.writer >= 0 && RowWriterPartitioner.owner(change, writers) != subtask) {
            // A heartbeat's copy (HeartbeatFanOut): its row is another writer's to write.
            if (beat > 0) {
                delay.heartbeat(beat);
            }
            return;
        }
        buffer.add(event, change.value.length);
        if (!event.source().snapshot()) {
            pendingCommitTs = Math.max(pendingCommitTs, event.source().commitTimestampMs());
            delay.buffered(event.source().commitTimestampMs());
        }
        if (beat > 0) {
            delay.heartbeat(beat);
        }
        if (buffer.eventCount() >= config.batchSize || buffer.byteCount() >= config.maxBatchBytes) {
            flushBuffer();
        }
    }

    /** The time in a heartbeat change, or -1 when this is none (a snapshot copy is none). */
    private long heartbeatTime(ChangeEvent event) {
        if (config.heartbeat == null
                || event.operation() == Operation.READ
                || !config.heartbeat.is(event.table().database(), event.table().table())) {
            return -1;
        }
        return HeartbeatTable.timestampMs(event.after());
    }

    @Override
    public void flush(boolean endOfInput) throws IOException, InterruptedException {
        flushBuffer();
    }

    private void scheduleFlush() {
        timers.registerTimer(
                timers.getCurrentProcessingTime() + config.flushIntervalMs,
                time -> {
                    flushBuffer();
                    scheduleFlush();
                });
    }

    private void flushBuffer() throws IOException, InterruptedException {
        if (buffer.isEmpty()) {
            delay.flushed();
            return;
        }
        Map<TableId, Collection<RowChange>> changes = buffer.drain();
        long commitTs = pendingCommitTs;
        int waits = 0;
        for (int attempt = 1; ; ) {
            try {
                batchWriter.write(connection.get(), changes);
                connection.outage().reachable();
                break;
            } catch (SQLException e) {
                if (DownstreamOutage.isConnectionLoss(e)) {
                    connection.close();
                    try {
                        connection.outage().awaitRetry(e, ++waits);
                    } catch (SQLException timedOut) {
                        throw new IOException(timedOut.getMessage(), timedOut);
                    }
                    continue;
                }
                if (attempt >= ATTEMPTS || !Retryable.isRetryable(e)) {
                    throw new IOException(
                            "writing to " + config.downstream + " failed: " + e.getMessage(), e);
                }
                LOG.warn(
                        "Write to {} failed ({}); retry {} of {}",
                        config.downstream,
                        e.getMessage(),
                        attempt,
                        ATTEMPTS - 1);
                connection.close();
                Thread.sleep(500L * attempt);
                attempt++;
            }
        }
        for (Collection<RowChange> rows : changes.values()) {
            rowsApplied.inc(rows.size());
        }
        if (commitTs > 0) {
            lastAppliedCommitTs = commitTs;
        }
        delay.flushed();
    }

    @Override
    public void close() {
        connection.close();
        if (deadLetters != null) {
            deadLetters.close();
        }
    }
}
