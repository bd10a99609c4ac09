package dev.ferry.apply.writer;

import dev.ferry.apply.assembly.SpillFile;
import dev.ferry.apply.assembly.UpstreamTransaction;
import dev.ferry.apply.buffer.ChangeBuffer;
import dev.ferry.apply.ddl.SchemaChangeApplier;
import dev.ferry.apply.progress.AppliedCommit;
import dev.ferry.apply.progress.ProgressStore;
import dev.ferry.apply.schedule.TransactionScheduler;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One apply worker's writer: commits a batch of independent upstream transactions as one downstream
 * transaction, together with their records in the progress table, so that a batch is either applied
 * and recorded or neither. A spilled transaction is read back from disk in chunks inside its single
 * downstream transaction.
 *
 * <p>A transaction above the downstream's size limit stops the job (default) or, when the user
 * chose to split, is committed in chunks; only the last chunk records it as applied, so a crash in
 * between replays its chunks in order, which converges but may show the partial state meanwhile.
 * When the downstream itself refuses a commit as too large, the job stops the same way.
 */
public final class TransactionBatchWriter implements TransactionScheduler.Applier {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionBatchWriter.class);
    private static final int ATTEMPTS = 4;

    /** Limits of one downstream transaction. */
    public record Limits(int chunkRows, long maxTransactionBytes, boolean splitOversized) {}

    /** Told when a transaction is split. */
    public interface SplitListener {
        void split(UpstreamTransaction tx, int commits);
    }

    private final DatabaseEndpoint downstream;
    private final BatchWriter batchWriter;
    private final ProgressStore progress;
    private final Limits limits;
    private final SplitListener splits;
    private final Function<TableId, List<List<String>>> uniqueKeys;
    private final SchemaChangeApplier schemaChanges;
    private final WriterConnection connection;

    /**
     * @param connection this worker's connection, reporting to the writer's shared outage
     * @param uniqueKeys the column lists of a table's unique keys besides its primary key: rows
     *     whose values of those change in a batch are deleted before the batch's upserts
     * @param schemaChanges runs the upstream DDL a batch holds, at its barrier
     */
    public TransactionBatchWriter(
            WriterConnection connection,
            BatchWriter batchWriter,
            ProgressStore progress,
            Limits limits,
            SplitListener splits,
            Function<TableId, List<List<String>>> uniqueKeys,
            SchemaChangeApplier schemaChanges) {
        this.downstream = connection.endpoint();
        this.uniqueKeys = uniqueKeys;
        this.schemaChanges = schemaChanges;
        this.connection = connection;
        this.batchWriter = batchWriter;
        this.progress = progress;
        this.limits = limits;
        this.splits = splits;
    }

    @Override
    public void apply(List<UpstreamTransaction> batch) throws Exception {
        int waits = 0;
        for (int attempt = 1; ; ) {
            Connection c = null;
            try {
                c = connection.get();
                applyOnce(c, batch);
                connection.outage().reachable();
                return;
            } catch (SQLException e) {
                if (c != null) {
                    BatchWriter.rollbackQuietly(c);
                }
                if (TransactionTooLarge.matches(e)) {
                    throw TransactionTooLarge.error(
                            batch, downstream, limits.maxTransactionBytes(), e);
                }
                if (DownstreamOutage.isConnectionLoss(e)) {
                    // The downstream is away: wait for it as long as the outage timeout allows,
                    // without counting attempts (a restart of the job would not bring it back).
                    connection.close();
                    connection.outage().awaitRetry(e, ++waits);
                    continue;
                }
                if (!Retryable.isRetryable(e) && batch.size() > 1) {
                    // Merged transactions: commit them one by one, so the failure names the one
                    // the downstream refuses (those before it are recorded as applied).
                    for (UpstreamTransaction tx : batch) {
                        apply(List.of(tx));
                    }
                    return;
                }
                if (attempt >= ATTEMPTS || !Retryable.isRetryable(e)) {
                    throw new SQLException(
                            "applying "
                                    + describe(batch)
                                    + " to "
                                    + downstream
                                    + " failed: "
                                    + e.getMessage()
                                    + (Retryable.isRetryable(e)
                                            ? ""
                                            : ". The apply job stopped before this transaction;"
                                                    + " nothing is lost. Make the downstream"
                                                    + " accept it (its table definition, or the"
                                                    + " data upstream), then restart the apply"
                                                    + " job."),
                            e.getSQLState(),
                            e.getErrorCode(),
                            e);
                }
                LOG.warn(
                        "Applying {} failed ({}); retry {} of {}",
                        describe(batch),
                        e.getMessage(),
                        attempt,
                        ATTEMPTS - 1);
                connection.close();
                Thread.sleep(200L * attempt);
                attempt++;
            } catch (RuntimeException e) {
                if (c != null) {
                    BatchWriter.rollbackQuietly(c);
                }
                throw e;
            }
        }
    }

    private void applyOnce(Connection c, List<UpstreamTransaction> batch) throws SQLException {
        if (batch.size() == 1 && batch.get(0).schemaChange() != null) {
            // DDL commits by itself: run what the downstream lacks of it, then record it, so a
            // crash in between finds it there and runs nothing again.
            UpstreamTransaction ddl = batch.get(0);
            schemaChanges.apply(c, ddl.id(), ddl.schemaChange());
            c.setAutoCommit(false);
            progress.recordApplied(c, AppliedCommit.of(batch));
            c.commit();
            return;
        }
        c.setAutoCommit(false);
        if (batch.size() == 1 && batch.get(0).isSpilled()) {
            applySpilled(c, batch.get(0));
        } else {
            ChangeBuffer buffer = new ChangeBuffer(uniqueKeys);
            for (UpstreamTransaction tx : batch) {
                checkSize(tx);
                for (ChangeEvent event : tx.events()) {
                    buffer.add(event);
                }
            }
            batchWriter.writeUncommitted(c, buffer.drain());
        }
        progress.recordApplied(c, AppliedCommit.of(batch));
        c.commit();
    }

    private void applySpilled(Connection c, UpstreamTransaction tx) throws SQLException {
        boolean split = checkSize(tx);
        SpillFile spill = tx.spill();
        int commits = 0;
        try (SpillFile.Reader reader = spill.read(limits.chunkRows())) {
            ChangeBuffer buffer = new ChangeBuffer(uniqueKeys);
            long chunkBytes = 0;
            for (List<ChangeEvent> chunk = reader.next(); !chunk.isEmpty(); chunk = reader.next()) {
                for (ChangeEvent event : chunk) {
                    buffer.add(event);
                }
                batchWriter.writeUncommitted(c, buffer.drain());
                chunkBytes += tx.bytes() * chunk.size() / Math.max(1, tx.eventCount());
                if (split && chunkBytes >= limits.maxTransactionBytes() / 2) {
                    c.commit();
                    commits++;
                    chunkBytes = 0;
                }
            }
        }
        if (split) {
            splits.split(tx, commits + 1);
            LOG.warn(
                    "Split {} ({} changes, {} MB) into {} downstream commits, as"
                            + " apply.oversized-transaction=split allows: a reader could see it"
                            + " partly applied",
                    tx,
                    tx.eventCount(),
                    tx.bytes() >> 20,
                    commits + 1);
        }
    }

    /** True when the transaction must be split; throws when it is too large and may not be. */
    private boolean checkSize(UpstreamTransaction tx) {
        if (tx.bytes() <= limits.maxTransactionBytes()) {
            return false;
        }
        if (limits.splitOversized()) {
            // The assembler spills every transaction above the limit, so it is read in chunks.
            return true;
        }
        throw new FerryConfigException(
                "upstream "
                        + tx
                        + " has "
                        + tx.eventCount()
                        + " changes ("
                        + (tx.bytes() >> 20)
                        + " MB of change records), more than apply.max-transaction-size ("
                        + (limits.maxTransactionBytes() >> 20)
                        + " MB) allows in one downstream transaction. The apply job stopped"
                        + " before it; nothing is lost. Raise the downstream's limit (TiDB:"
                        + " txn-total-size-limit) and apply.max-transaction-size, or set"
                        + " apply.oversized-transaction=split, then restart the apply job.");
    }

    private static String describe(List<UpstreamTransaction> batch) {
        return batch.size() == 1 ? batch.get(0).toString() : batch.size() + " transactions";
    }

    @Override
    public void close() {
        connection.close();
    }
}
