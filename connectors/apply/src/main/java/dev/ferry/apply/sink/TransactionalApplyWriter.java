package dev.ferry.apply.sink;

import dev.ferry.apply.ApplyConfig;
import dev.ferry.apply.assembly.SnapshotRows;
import dev.ferry.apply.assembly.TransactionAssembler;
import dev.ferry.apply.assembly.UpstreamTransaction;
import dev.ferry.apply.catalog.DownstreamCatalog;
import dev.ferry.apply.catalog.SchemaTopicReader;
import dev.ferry.apply.conflict.ConflictKeys;
import dev.ferry.apply.ddl.SchemaChangeApplier;
import dev.ferry.apply.progress.AppliedCommit;
import dev.ferry.apply.progress.ApplyProgress;
import dev.ferry.apply.progress.ProgressStore;
import dev.ferry.apply.progress.SavedOffsets;
import dev.ferry.apply.schedule.TransactionScheduler;
import dev.ferry.apply.source.DeadLetters;
import dev.ferry.apply.source.EnvelopeParser;
import dev.ferry.apply.source.ParseAhead;
import dev.ferry.apply.source.RawChange;
import dev.ferry.apply.source.TransactionEndReader;
import dev.ferry.apply.writer.BatchWriter;
import dev.ferry.apply.writer.DownstreamOutage;
import dev.ferry.apply.writer.Retryable;
import dev.ferry.apply.writer.TransactionBatchWriter;
import dev.ferry.apply.writer.WriterConnection;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.jdbc.Connections;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Assembles upstream transactions from the change records it is given and the END records it reads
 * itself ({@link TransactionEndReader}, while the assembler has room for them), hands complete ones
 * in commit order to the {@link TransactionScheduler}, and saves the restart offsets to the
 * downstream.
 *
 * <p>Exactly once: each downstream commit records its upstream transactions in the progress table;
 * the restart offsets saved beside them never pass a record of an unapplied transaction. At start
 * the writer loads both, drops records below the restart offsets and transactions already recorded,
 * so a replay after any crash applies each transaction once.
 *
 * <p>Snapshot rows carry no transaction id: they skip assembly and are applied in units of up to a
 * batch of rows ({@link SnapshotRows}), and binlog transactions wait until no snapshot row read is
 * gathered or in flight (every snapshot row precedes the binlog changes of its partition), so a
 * replayed snapshot row never undoes a later change.
 */
final class TransactionalApplyWriter implements SinkWriter<RawChange> {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionalApplyWriter.class);

    /** A transaction with more changes than this runs alone instead of key by key. */
    private static final int MAX_TRACKED_CHANGES = 20_000;

    private static final long SAVE_INTERVAL_MS = 1_000;

    /**
     * Open transactions holding their END record before END records wait (at least, or four
     * batches): enough for the changes of the next batches to find their END.
     */
    private static final int MIN_ENDS_AHEAD = 8192;

    /** END records read and parsed ahead of the assembler, on the END reader's thread. */
    private static final int END_READ_AHEAD = 4096;

    private final ApplyConfig config;
    private final ProcessingTimeService timers;

    /** Records parsed ahead of assembly, on other threads. */
    private static final int PARSE_AHEAD_RECORDS = 4096;

    /** Records handed to a parse thread together. */
    private static final int PARSE_GROUP_RECORDS = 64;

    /**
     * How often the writer assembles what the parse threads finished while no record arrives: the
     * most a record waits when no other record follows it.
     */
    private static final long ASSEMBLE_INTERVAL_MS = 20;

    /** At a tick, the writer waits for the parse threads only when at most this many are left. */
    private static final int TICK_WAITS_FOR_RECORDS = 64;

    private static final ThreadLocal<EnvelopeParser> PARSERS =
            ThreadLocal.withInitial(EnvelopeParser::new);

    private final ParseAhead<Read, Read> parsing =
            new ParseAhead<>(
                    Math.min(4, Runtime.getRuntime().availableProcessors()),
                    PARSE_AHEAD_RECORDS,
                    PARSE_GROUP_RECORDS,
                    this::parse,
                    "ferry-apply-parse");
    private final SchemaTopicReader schemas;
    private final Map<TableId, List<List<String>>> uniqueKeys = new ConcurrentHashMap<>();
    private final Set<TableId> foreignTables = new java.util.HashSet<>();
    private final ConflictKeys conflictKeys = new ConflictKeys(this::uniqueKeysOf);
    private final Map<String, TopicPartition[]> partitions = new HashMap<>();
    private final ProgressStore store;
    private final Map<TopicPartition, Long> restartOffsets;
    private final SavedOffsets savedOffsets;
    private final ApplyProgress progress;
    private final TransactionAssembler assembler;
    private final SnapshotRows snapshotRows;
    private final TransactionEndReader ends;
    private final TransactionScheduler scheduler;
    private final ApplyMetrics metrics;
    private final DownstreamOutage outage;
    private final WriterConnection progressConnection;
    private final DeadLetters deadLetters;
    private long lastSave;

    /** Set while the progress is saved again on a new connection after the old one broke. */
    private boolean retriedConnection;

    TransactionalApplyWriter(
            ApplyConfig config, ProcessingTimeService timers, SinkWriterMetricGroup group) {
        this.config = config;
        this.timers = timers;
        this.deadLetters =
                config.deadLetterTopic == null
                        ? null
                        : new DeadLetters(config.kafka, config.deadLetterTopic);
        this.schemas = new SchemaTopicReader(config.kafka, config.schemaTopic);
        this.store = new ProgressStore(config.progressDatabase, config.consumerGroup);
        this.outage =
                new DownstreamOutage(
                        config.downstream.toString(), config.downstreamOutageTimeoutMs);
        // At READ COMMITTED, as the workers': pruning applied records must not block their inserts.
        this.progressConnection = new WriterConnection(config.downstream, outage);
        Connection startup;
        List<AppliedCommit> applied;
        try {
            // A downstream that is down at start fails the start (a wrong port fails fast).
            startup = progressConnection.get();
            store.createIfMissing(startup);
            restartOffsets = store.restartOffsets(startup);
            applied = store.appliedCommits(startup);
        } catch (SQLException e) {
            throw Connections.explain(config.downstream, e);
        }
        LOG.info(
                "Apply pipeline '{}' resumes at {} partitions' saved offsets, {} recent"
                        + " commits recorded as applied",
                store.pipeline(),
                restartOffsets.size(),
                applied.size());
        this.progress = new ApplyProgress(restartOffsets, applied);
        this.savedOffsets = new SavedOffsets(restartOffsets);
        this.assembler =
                new TransactionAssembler(
                        progress,
                        progress.appliedIds(),
                        this::applies,
                        config.memoryLimitBytes,
                        config.maxTransactionBytes,
                        Path.of(config.spillDir, sanitize(config.consumerGroup)),
                        Math.max(MIN_ENDS_AHEAD, 4 * config.batchSize));
        this.snapshotRows = new SnapshotRows(progress, config.batchSize);
        Map<TableId, TableSchema> known = schemas.readAll();
        DownstreamCatalog catalog =
                new DownstreamCatalog(config.createMissingTables, schemas::readAll);
        try {
            catalog.prepare(startup, known);
        } catch (SQLException e) {
            throw Connections.explain(config.downstream, e);
        }
        known.values().forEach(this::rememberUniqueKeys);
        SchemaChangeApplier schemaChanges =
                new SchemaChangeApplier(
                        SchemaChangeApplier.Behavior.parse(config.schemaChangeBehavior),
                        config.skippedSchemaChange.isEmpty()
                                ? Set.of()
                                : Set.of(config.skippedSchemaChange),
                        catalog);
        TransactionBatchWriter.Limits limits =
                new TransactionBatchWriter.Limits(
                        config.batchSize,
                        config.maxTransactionBytes,
                        config.splitOversizedTransactions);
        this.metrics =
                new ApplyMetrics(
                        group,
                        this::inFlight,
                        assembler::spilledTransactions,
                        config.heartbeat,
                        System::currentTimeMillis);
        ApplyMetrics.outage(group, outage);
        this.scheduler =
                new TransactionScheduler(
                        config.workers,
                        () ->
                                new TransactionBatchWriter(
                                        new WriterConnection(config.downstream, outage),
                                        new BatchWriter(
                                                catalog,
                                                config.batchSize,
                                                config.maxStatementBytes),
                                        store,
                                        limits,
                                        (tx, commits) -> metrics.split(),
                                        // Workers: every table of a transaction was seen by
                                        // applies() on this thread before it was submitted.
                                        table -> uniqueKeys.getOrDefault(table, List.of()),
                                        schemaChanges),
                        this::committed,
                        config.batchSize,
                        config.maxBatchBytes,
                        config.memoryLimitBytes);
        // Last: it starts a thread, which nothing would stop if the constructor failed after it.
        this.ends =
                new TransactionEndReader(
                        config.kafka, config.transactionTopic, restartOffsets, END_READ_AHEAD);
        scheduleTick();
    }

    private long inFlight() {
        return scheduler == null ? 0 : scheduler.inFlight() + assembler.openTransactions();
    }

    @Override
    public void write(RawChange record, Context context) throws IOException, InterruptedException {
        rethrow();
        if (record.topic.equals(config.transactionTopic)) {
            // Read by this writer itself; a source that also reads the topic (a SQL table whose
            // topic pattern matches it) hands the END records here too.
            return;
        }
        TopicPartition partition = partitionOf(record);
        Long restart = restartOffsets.get(partition);
        if (restart != null && record.offset < restart) {
            return; // applied before the restart
        }
        parsing.add(new Read(record, partition, null, null));
        assembleParsed(false);
    }

    /**
     * A change record read, and once parsed its change, or why it is a poison record (only when
     * poison records go to the dead-letter topic; otherwise parsing throws).
     */
    private record Read(
            RawChange record,
            TopicPartition partition,
            ChangeEvent change,
            EnvelopeParser.PoisonRecordException poison) {}

    /** On a parse thread. */
    private Read parse(Read read) {
        try {
            return new Read(read.record, read.partition, PARSERS.get().parse(read.record), null);
        } catch (EnvelopeParser.PoisonRecordException e) {
            if (deadLetters == null) {
                throw e;
            }
            return new Read(read.record, read.partition, null, e);
        }
    }

    /**
     * Assembles the parsed records in the order read: those parsed already, or every pending one
     * when {@code all}; then reads the END records there is room for and releases the complete
     * transactions.
     */
    private void assembleParsed(boolean all) throws IOException, InterruptedException {
        for (Read read = next(all); read != null; read = next(all)) {
            RawChange record = read.record;
            if (read.poison != null) {
                // Never added to a transaction: a foreign producer's record belongs to none.
                deadLetters.send(record, read.poison.getMessage());
                continue;
            }
            int bytes = record.key.length + record.value.length;
            if (read.change.transaction() == null) {
                UpstreamTransaction rows =
                        snapshotRows.add(read.change, read.partition, record.offset, bytes);
                if (rows != null) {
                    submit(rows);
                }
                continue;
            }
            assembler.addChange(read.change, read.partition, record.offset, bytes);
        }
        readEnds();
        releaseComplete();
    }

    /** Adds the END records read so far, while the assembler wants them. */
    private void readEnds() {
        while (assembler.wantsEnds()) {
            TransactionEndReader.End end = ends.poll();
            if (end == null) {
                return;
            }
            assembler.addEnd(end.end(), ends.partition(), end.offset());
        }
    }

    private Read next(boolean all) throws IOException, InterruptedException {
        try {
            return all || parsing.mustTake() ? parsing.take() : parsing.poll();
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private void releaseComplete() throws IOException, InterruptedException {
        if (!snapshotRows.isEmpty() && assembler.openTransactions() > 0) {
            // A transaction that may complete waits for the snapshot rows read before it.
            submit(snapshotRows.take());
        }
        if (scheduler.snapshotRowsInFlight() > 0) {
            return;
        }
        for (UpstreamTransaction tx = assembler.pollComplete();
                tx != null;
                tx = assembler.pollComplete()) {
            submit(tx);
        }
    }

    private void submit(UpstreamTransaction tx) throws IOException, InterruptedException {
        ConflictKeys.KeySet keys = new ConflictKeys.KeySet();
        SchemaChange ddl = tx.schemaChange();
        if (ddl != null && ddl.definition() != null) {
            // Transactions after it are submitted after it: their keys use the new unique keys.
            rememberUniqueKeys(ddl.definition());
        }
        boolean barrier = ddl != null || tx.isSpilled() || tx.eventCount() > MAX_TRACKED_CHANGES;
        if (!barrier) {
            for (ChangeEvent event : tx.events()) {
                conflictKeys.collect(event, keys);
            }
        }
        metrics.submitted(tx, tx.commitTimestampMs(), onlyEvent(tx));
        try {
            if (scheduler.submit(tx, keys, barrier)) {
                metrics.conflict();
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** On a worker thread, after the batch's downstream commit. */
    private void committed(List<UpstreamTransaction> batch, long applyNanos) {
        progress.committed(batch);
        metrics.downstreamCommit(applyNanos);
        for (UpstreamTransaction tx : batch) {
            metrics.applied(
                    tx.eventCount(), tx.bytes(), !tx.isSnapshotRow(), tx.commitTimestampMs());
            metrics.committed(tx, onlyEvent(tx));
        }
    }

    /** A heartbeat is a one-row transaction of its own: only those are looked into. */
    private static ChangeEvent onlyEvent(UpstreamTransaction tx) {
        return tx.eventCount() == 1 && !tx.isSpilled() && !tx.isSnapshotRow()
                ? tx.events().get(0)
                : null;
    }

    private void scheduleTick() {
        timers.registerTimer(
                timers.getCurrentProcessingTime()
                        + Math.min(config.flushIntervalMs, ASSEMBLE_INTERVAL_MS),
                time -> {
                    rethrow();
                    // Wait only for the last few records (those no other record followed):
                    // under load, waiting for every pending one would stall the reading.
                    parsing.flush();
                    assembleParsed(parsing.pending() <= TICK_WAITS_FOR_RECORDS);
                    UpstreamTransaction lastRows = snapshotRows.takeIfIdle();
                    if (lastRows != null) {
                        submit(lastRows);
                    }
                    if (time - lastSave >= SAVE_INTERVAL_MS) {
                        saveProgress();
                        lastSave = time;
                    }
                    scheduleTick();
                });
    }

    private void saveProgress() throws IOException {
        try {
            ApplyProgress.Snapshot changes = savedOffsets.changes(progress.snapshot());
            if (SavedOffsets.isEmpty(changes)) {
                return;
            }
            store.save(progressConnection.get(), changes);
            outage.reachable();
            savedOffsets.saved(changes);
            progress.forget(changes.unreachable());
        } catch (SQLException e) {
            if (DownstreamOutage.isConnectionLoss(e)) {
                // The workers wait for the downstream; the next tick saves on a new connection.
                // A connection that broke in an outage already over is no outage of its own.
                progressConnection.close();
                if (outage.unreachableMs() == 0 && !retriedConnection) {
                    retriedConnection = true;
                    saveProgress();
                    retriedConnection = false;
                    return;
                }
                outage.lost(e);
                return;
            }
            if (Retryable.isRetryable(e)) {
                // Saved offsets may lag (a restart then skips a little more by transaction id);
                // the next tick saves again.
                LOG.warn(
                        "Saving the apply progress failed ({}); retrying next time",
                        e.getMessage());
                return;
            }
            throw new IOException(
                    "saving the apply progress to "
                            + config.downstream
                            + " failed: "
                            + e.getMessage(),
                    e);
        }
    }

    private void rethrow() throws IOException {
        try {
            scheduler.rethrowFailure();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void flush(boolean endOfInput) throws IOException, InterruptedException {
        if (endOfInput) {
            assembleParsed(true);
            if (!snapshotRows.isEmpty()) {
                submit(snapshotRows.take());
            }
            try {
                scheduler.awaitIdle();
            } catch (IOException | InterruptedException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(e.getMessage(), e);
            }
            saveProgress();
        }
    }

    private TopicPartition partitionOf(RawChange record) {
        TopicPartition[] byPartition =
                partitions.computeIfAbsent(record.topic, t -> new TopicPartition[16]);
        if (record.partition >= byPartition.length) {
            byPartition = java.util.Arrays.copyOf(byPartition, record.partition * 2 + 1);
            partitions.put(record.topic, byPartition);
        }
        TopicPartition partition = byPartition[record.partition];
        if (partition == null) {
            partition = new TopicPartition(record.topic, record.partition);
            byPartition[record.partition] = partition;
        }
        return partition;
    }

    /** Whether this job applies the table (the transaction topic may be shared). */
    private boolean applies(TableId table) {
        if (uniqueKeys.containsKey(table)) {
            return true;
        }
        if (foreignTables.contains(table)) {
            return false;
        }
        schemas.readAll().values().forEach(this::rememberUniqueKeys);
        if (uniqueKeys.containsKey(table)) {
            return true;
        }
        foreignTables.add(table);
        return false;
    }

    private List<List<String>> uniqueKeysOf(TableId table) {
        List<List<String>> keys = uniqueKeys.get(table);
        if (keys == null) {
            schemas.readAll().values().forEach(this::rememberUniqueKeys);
            keys = uniqueKeys.computeIfAbsent(table, t -> List.of());
        }
        return keys;
    }

    /** Remembers a table's unique keys besides the one its rows are keyed by. */
    private void rememberUniqueKeys(TableSchema schema) {
        IndexSchema rowKey = schema.rowKey().orElse(null);
        uniqueKeys.put(
                schema.tableId(),
                schema.indexes().stream()
                        .filter(index -> index.unique() && !index.equals(rowKey))
                        .map(IndexSchema::columnNames)
                        .toList());
    }

    private static String sanitize(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    @Override
    public void close() throws Exception {
        parsing.close();
        scheduler.close();
        ends.close();
        progressConnection.close();
        if (deadLetters != null) {
            deadLetters.close();
        }
    }
}
