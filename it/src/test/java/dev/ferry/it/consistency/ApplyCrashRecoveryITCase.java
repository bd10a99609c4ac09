package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.JarProcess;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly once across crashes: a counter workload ({@code UPDATE … SET n = n + 1} and inserts) runs
 * upstream while the apply process is killed with SIGKILL at random moments and restarted. Triggers
 * downstream (test instrumentation, not part of ferry) log every update the apply job makes: an
 * upstream transaction applied twice shows up as an update that does not raise the counter, or as
 * an update of an insert-only row. TiDB has no triggers: on TiDB ({@link
 * ApplyCrashRecoveryTidbITCase}) the kills, the progress table and the final equality are checked,
 * the replays only on MariaDB.
 */
class ApplyCrashRecoveryITCase {
    private static final int COUNTERS = 40;
    private static final int KILLS = 6;

    @TempDir(cleanup = org.junit.jupiter.api.io.CleanupMode.ON_SUCCESS)
    Path work;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void eachTransactionIsAppliedOnceAcrossKills() throws Exception {
        try (TestDatabase db = TestDatabase.create("crash");
                RunningJobs jobs = new RunningJobs()) {
            String d = "`" + db.name() + "`";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + d + ".counters (id INT PRIMARY KEY, n BIGINT NOT NULL)",
                    "CREATE TABLE "
                            + d
                            + ".ledger (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
                            + " counter_id INT NOT NULL, note VARCHAR(64) NOT NULL)",
                    "INSERT INTO " + d + ".counters SELECT seq, 0 FROM mysql.seq_1_to_" + COUNTERS);
            Pipeline pipeline = new Pipeline(db, work);
            jobs.add(pipeline.startCapture());
            Map<String, String> applyOptions = new TreeMap<>();
            pipeline.applyOptions().toMap().forEach(applyOptions::put);
            applyOptions.put("apply.workers", "8");

            JarProcess apply = JarProcess.start("apply", applyOptions, "512m", work, "apply");
            Await.until(
                    "the counters downstream",
                    Duration.ofMinutes(2),
                    () -> {
                        jobs.assertRunning();
                        return count(db, "counters") == COUNTERS;
                    });
            boolean audit = !Services.downstream().tidb();
            if (audit) {
                installAuditTriggers(d);
            }

            Random random = new Random(42);
            try (CounterWorkload workload = new CounterWorkload(d)) {
                for (int kill = 1; kill <= KILLS; kill++) {
                    long before = applied(d, audit);
                    Await.until(
                            "the restarted apply job to apply changes",
                            Duration.ofMinutes(1),
                            () -> applied(d, audit) >= before + 50);
                    Thread.sleep(random.nextInt(3_000)); // a random moment mid-stream
                    jobs.assertRunning();
                    apply.kill();
                    System.out.printf(
                            "kill %d: SIGKILL after %d upstream transactions%n",
                            kill, workload.transactions());
                    Thread.sleep(random.nextInt(2_000));
                    apply = JarProcess.start("apply", applyOptions, "512m", work, "apply");
                }
                Thread.sleep(3_000);
                assertThat(workload.transactions()).isGreaterThan(200);
            }
            try {
                Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            } finally {
                apply.close();
            }
            if (!audit) {
                return; // no triggers in TiDB: the replays are checked on MariaDB
            }

            long replays =
                    Sql.queryLong(
                            Services.downstreamAdmin(),
                            "SELECT COUNT(*) FROM " + d + ".counter_audit WHERE new_n <= old_n");
            long ledgerRewrites =
                    Sql.queryLong(
                            Services.downstreamAdmin(),
                            "SELECT COUNT(*) FROM " + d + ".ledger_audit");
            long audited =
                    Sql.queryLong(
                            Services.downstreamAdmin(),
                            "SELECT COUNT(*) FROM " + d + ".counter_audit");
            System.out.printf(
                    "%d kills; %d counter updates applied downstream, %d replayed, %d ledger rows"
                            + " rewritten%n",
                    KILLS, audited, replays, ledgerRewrites);
            assertThat(audited).as("counter updates seen by the audit trigger").isPositive();
            assertThat(replays).as("counter updates applied a second time").isZero();
            assertThat(ledgerRewrites).as("inserted ledger rows written again").isZero();

            // The checker can fail: an apply job without its progress (a new consumer group)
            // replays transactions that are already applied, and the triggers see it.
            applyOptions.put(
                    "kafka.consumer-group", applyOptions.get("kafka.consumer-group") + "-x");
            try (JarProcess forgetful =
                    JarProcess.start("apply", applyOptions, "512m", work, "apply-forgetful")) {
                Await.until(
                        "the audit to see replayed transactions",
                        Duration.ofMinutes(1),
                        () ->
                                Sql.queryLong(
                                                Services.downstreamAdmin(),
                                                "SELECT COUNT(*) FROM " + d + ".ledger_audit")
                                        > 0);
            }
        }
    }

    /** Changes applied so far: the audited updates, or without triggers the ledger rows. */
    private static long applied(String d, boolean audit) {
        return audit
                ? audited(d)
                : Sql.queryLong(
                        Services.downstreamAdmin(), "SELECT COUNT(*) FROM " + d + ".ledger");
    }

    private static long audited(String d) {
        return Sql.queryLong(
                Services.downstreamAdmin(), "SELECT COUNT(*) FROM " + d + ".counter_audit");
    }

    private static long count(TestDatabase db, String table) {
        try {
            return Sql.queryLong(
                    Services.downstreamAdmin(),
                    "SELECT COUNT(*) FROM `" + db.name() + "`." + table);
        } catch (RuntimeException notYet) {
            return -1;
        }
    }

    /** Downstream only: every update the apply job makes, with the counter before and after. */
    private static void installAuditTriggers(String d) {
        Sql.execute(
                Services.downstreamAdmin(),
                "CREATE TABLE "
                        + d
                        + ".counter_audit (seq BIGINT AUTO_INCREMENT PRIMARY KEY,"
                        + " id INT, old_n BIGINT, new_n BIGINT)",
                "CREATE TABLE "
                        + d
                        + ".ledger_audit (seq BIGINT AUTO_INCREMENT PRIMARY KEY,"
                        + " id BIGINT)",
                "CREATE TRIGGER "
                        + d
                        + ".counters_audit AFTER UPDATE ON "
                        + d
                        + ".counters"
                        + " FOR EACH ROW INSERT INTO "
                        + d
                        + ".counter_audit (id, old_n, new_n)"
                        + " VALUES (OLD.id, OLD.n, NEW.n)",
                "CREATE TRIGGER "
                        + d
                        + ".ledger_audit AFTER UPDATE ON "
                        + d
                        + ".ledger"
                        + " FOR EACH ROW INSERT INTO "
                        + d
                        + ".ledger_audit (id) VALUES (OLD.id)");
    }

    /** Upstream: each transaction adds one to a counter and appends a ledger row. */
    private static final class CounterWorkload implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final AtomicLong transactions = new AtomicLong();
        private final List<Thread> threads = new ArrayList<>();
        private volatile Throwable failure;

        CounterWorkload(String d) {
            for (int t = 0; t < 3; t++) {
                Random random = new Random(t);
                Thread thread = new Thread(() -> run(d, random), "counters-" + t);
                threads.add(thread);
                thread.start();
            }
        }

        long transactions() {
            return transactions.get();
        }

        private void run(String d, Random random) {
            try (Connection c = Connections.open(Services.upstreamAdmin());
                    PreparedStatement increment =
                            c.prepareStatement(
                                    "UPDATE " + d + ".counters SET n = n + 1 WHERE id = ?");
                    PreparedStatement append =
                            c.prepareStatement(
                                    "INSERT INTO "
                                            + d
                                            + ".ledger (counter_id, note) VALUES (?, ?)")) {
                c.setAutoCommit(false);
                while (running.get()) {
                    int id = 1 + random.nextInt(COUNTERS);
                    try {
                        increment.setInt(1, id);
                        increment.executeUpdate();
                        append.setInt(1, id);
                        append.setString(2, "+1 by " + Thread.currentThread().getName());
                        append.executeUpdate();
                        c.commit();
                        transactions.incrementAndGet();
                    } catch (SQLException e) {
                        c.rollback();
                        if (e.getErrorCode() != 1213 && e.getErrorCode() != 1205) {
                            throw e;
                        }
                    }
                    Thread.sleep(random.nextInt(3));
                }
            } catch (Throwable t) {
                failure = t;
            }
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            for (Thread thread : threads) {
                thread.join(30_000);
            }
            if (failure != null) {
                throw new AssertionError("the counter workload failed", failure);
            }
        }
    }
}
