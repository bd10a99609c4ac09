package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.sysbench.SysbenchSummary;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The backlog every build replays, written once: a fresh sysbench database, the capture's snapshot
 * of it, then {@code --seconds} of sysbench with the capture running, until Kafka holds it all and
 * its offsets stand still; then the capture stops.
 */
final class ReplayBacklog {
    /**
     * The backlog in Kafka.
     *
     * @param tag the capture's topics' prefix (TAG.db, TAG-schema, TAG-tx)
     * @param stateSql what the downstream must return to equal the upstream
     * @param expected what the upstream returned for it
     * @param changes the row changes the topics hold (snapshot rows included)
     * @param snapshotRows the snapshot's rows
     * @param transactions sysbench's committed transactions
     */
    record Backlog(
            String tag,
            String stateSql,
            String expected,
            long changes,
            long snapshotRows,
            long transactions) {}

    private static final Duration SNAPSHOT_TIMEOUT = Duration.ofSeconds(600);
    private static final Duration BACKLOG_TIMEOUT = Duration.ofSeconds(900);
    private static final long STILL_MILLIS = 3000;

    private ReplayBacklog() {}

    /** The topics of capture TAG for the run's database: its own, or its tables' ones. */
    static String topics(String tag, String database) {
        return "^" + Pattern.quote(tag) + "\\." + Pattern.quote(database) + "(\\..*)?$";
    }

    static Backlog write(BenchRun run, ReplaySettings settings)
            throws IOException, InterruptedException, SQLException {
        String tag = run.runId();
        String topics = topics(tag, run.database());
        SysbenchTables tables = new SysbenchTables(run, settings.tables());
        String stateSql =
                settings.workload().equals("oltp_insert") ? tables.rowsSql() : tables.checksumSql();
        tables.prepareUpstream(settings.workload(), settings.rowsPerTable());
        try {
            new Pipelines(run).capture(tag);
        } catch (IOException e) {
            throw new IOException("the capture did not start: " + e.getMessage(), e);
        }
        long snapshot = settings.snapshotRows();
        run.kafka()
                .awaitCaptured(
                        topics,
                        snapshot,
                        SNAPSHOT_TIMEOUT,
                        "the snapshot",
                        run.processes().get("capture"));
        long transactions = 0;
        if (settings.seconds() > 0) {
            Progress.say(
                    "snapshot in Kafka; running sysbench "
                            + settings.workload()
                            + " for "
                            + settings.seconds()
                            + "s");
            // Prepared statements over many tables would need tables x threads x 4 of the
            // server's 16,382.
            List<String> options =
                    settings.tables() <= 16 ? List.of() : List.of("--db-ps-mode=disable");
            SysbenchSummary summary =
                    tables.sysbench()
                            .run(
                                    settings.workload(),
                                    settings.tables(),
                                    settings.rowsPerTable(),
                                    settings.threads(),
                                    settings.seconds(),
                                    options);
            transactions = summary.transactions();
        }
        long changes = snapshot + SysbenchTables.rowChanges(settings.workload(), transactions);
        run.kafka()
                .awaitCaptured(
                        topics,
                        changes,
                        BACKLOG_TIMEOUT,
                        "the backlog",
                        run.processes().get("capture"));
        long offsets = run.kafka().ends(topics).committed();
        long last;
        do {
            last = offsets;
            Thread.sleep(STILL_MILLIS);
            offsets = run.kafka().ends(topics).committed();
        } while (offsets != last);
        run.processes().stopAll();
        String expected = run.upstream().text(stateSql);
        Progress.say(
                "Kafka holds "
                        + changes
                        + " row changes ("
                        + snapshot
                        + " snapshot rows, "
                        + transactions
                        + " transactions); replaying");
        return new Backlog(tag, stateSql, expected, changes, snapshot, transactions);
    }
}
