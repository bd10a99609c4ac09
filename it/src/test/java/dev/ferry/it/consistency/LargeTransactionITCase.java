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
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One upstream transaction several times larger than the apply process's heap: it spills to disk
 * while it is assembled and still arrives in one downstream commit. A reader polling the row count
 * must only ever see none of it or all of it. The size is {@code -Dferry.it.large-tx-mb} (300 by
 * default, sized for CI; the benchmark suite runs 1 GB).
 */
class LargeTransactionITCase {
    private static final int MEGABYTES = Integer.getInteger("ferry.it.large-tx-mb", 300);
    private static final int ROW_BYTES = 1_000;
    private static final String HEAP = "192m";

    @TempDir Path work;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void arrivesWholeWithTheHeapFarBelowItsSize() throws Exception {
        int rows = MEGABYTES * 1_000_000 / ROW_BYTES;
        try (TestDatabase db = TestDatabase.create("bigtx");
                RunningJobs jobs = new RunningJobs()) {
            String d = "`" + db.name() + "`";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + d + ".big (id INT PRIMARY KEY, pad VARCHAR(1000) NOT NULL)",
                    "CREATE TABLE " + d + ".marker (id INT PRIMARY KEY)",
                    "INSERT INTO " + d + ".marker VALUES (1)");
            Pipeline pipeline = new Pipeline(db, work);
            jobs.add(pipeline.startCapture());
            Map<String, String> options = new TreeMap<>(pipeline.applyOptions().toMap());
            options.put("apply.memory-limit", "32 mb");
            options.put("apply.max-transaction-size", "4 gb");
            options.put("apply.spill-dir", work.resolve("spill").toString());
            try (JarProcess apply = JarProcess.start("apply", options, HEAP, work, "apply")) {
                Await.until(
                        "the tables downstream",
                        Duration.ofMinutes(2),
                        () -> {
                            jobs.assertRunning();
                            return count(d + ".marker") == 1;
                        });
                try (CountReader reader = CountReader.start(d + ".big", rows)) {
                    long started = System.nanoTime();
                    Sql.execute(
                            Services.upstreamAdmin(),
                            "INSERT INTO "
                                    + d
                                    + ".big SELECT seq, REPEAT(CHAR(65 + seq % 26), "
                                    + ROW_BYTES
                                    + ") FROM mysql.seq_1_to_"
                                    + rows);
                    Await.until(
                            "the large transaction downstream",
                            Duration.ofMinutes(8),
                            () -> {
                                jobs.assertRunning();
                                assertThat(apply.isAlive()).as(apply.log()).isTrue();
                                return reader.last() == rows;
                            });
                    double seconds = (System.nanoTime() - started) / 1e9;
                    reader.close();
                    System.out.printf(
                            "one %d MB transaction (%d rows) applied in %.1f s with a %s heap;"
                                    + " %d polls saw only 0 or all rows%n",
                            MEGABYTES, rows, seconds, HEAP, reader.polls());
                    assertThat(reader.partial())
                            .as("a poll saw part of the transaction: %s", reader.partialSeen())
                            .isZero();
                    assertThat(reader.polls()).isGreaterThan(10);
                }
                assertThat(apply.log()).doesNotContain("OutOfMemoryError");
                Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            }
        }
    }

    private static long count(String table) {
        try {
            return Sql.queryLong(Services.downstreamAdmin(), "SELECT COUNT(*) FROM " + table);
        } catch (RuntimeException notYet) {
            return -1;
        }
    }

    /** Polls the downstream row count; any value other than 0 and the final count is partial. */
    private static final class CountReader implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final AtomicLong polls = new AtomicLong();
        private final AtomicLong partial = new AtomicLong();
        private final AtomicLong last = new AtomicLong(-1);
        private final AtomicReference<String> partialSeen = new AtomicReference<>();
        private final Thread thread;

        private CountReader(String table, long all) {
            thread = new Thread(() -> run(table, all), "count-reader");
        }

        static CountReader start(String table, long all) {
            CountReader reader = new CountReader(table, all);
            reader.thread.start();
            return reader;
        }

        private void run(String table, long all) {
            try (Connection c = Connections.open(Services.downstreamAdmin());
                    Statement statement = c.createStatement()) {
                while (running.get()) {
                    try (ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
                        rs.next();
                        long count = rs.getLong(1);
                        polls.incrementAndGet();
                        if (count != 0 && count != all) {
                            partial.incrementAndGet();
                            partialSeen.compareAndSet(null, count + " of " + all + " rows");
                        }
                        last.set(count);
                    }
                    Thread.sleep(200);
                }
            } catch (Exception e) {
                partialSeen.compareAndSet(null, "reader failed: " + e.getMessage());
                partial.incrementAndGet();
            }
        }

        long polls() {
            return polls.get();
        }

        long last() {
            return last.get();
        }

        long partial() {
            return partial.get();
        }

        String partialSeen() {
            return partialSeen.get();
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            thread.join(10_000);
        }
    }
}
