package dev.ferry.it.saga;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.SqlScript;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import dev.ferry.jdbc.Connections;
import dev.ferry.jobs.SagaJob;
import dev.ferry.saga.model.SagaStatus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts sagas from an outbox table written in the business's own transaction and read from the
 * binlog: a transaction that rolls back starts no saga, one that commits starts exactly one.
 */
class SagaOutboxITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void onlyACommittedBusinessTransactionStartsItsSaga() throws Exception {
        try (TestDatabase db = TestDatabase.create("sagaoutbox");
                RunningJobs jobs = new RunningJobs()) {
            Bank bank = Bank.open(db, 2, 500);
            Sql.execute(
                    Services.upstreamAdmin(),
                    SqlScript.statements(schema().replace("{db}", db.name()))
                            .toArray(String[]::new));
            SagaTopicsUnderTest topics = new SagaTopicsUnderTest(db.name());
            Configuration options = topics.configuration(bank, checkpoints);
            options.setString("saga.outbox-table", db.name() + ".saga_outbox");
            options.setString("upstream.hostname", Services.HOST);
            options.setString("upstream.port", String.valueOf(Services.UPSTREAM_PORT));
            options.setString("upstream.username", "ferry_cdc");
            options.setString("upstream.password", "ferry_cdc");
            options.setString(
                    "upstream.server-id",
                    String.valueOf(6000 + ThreadLocalRandom.current().nextInt(1000)));
            jobs.add(SagaJob.start(options));
            awaitOutboxRead(db, bank, topics, jobs);

            order(db, 1, bank.transfer("rolled-back", 1, 1, 100).toString(), false);
            order(db, 2, bank.transfer("committed", 2, 2, 100).toString(), true);

            assertThat(topics.awaitOutcome("committed", Duration.ofSeconds(60)).status())
                    .isEqualTo(SagaStatus.COMMITTED);
            // The outbox is read in commit order, so the rolled-back row, written first, would
            // have been seen by now.
            assertThat(topics.outcomes()).doesNotContainKey("rolled-back");
            assertThat(bank.ledgerRows("rolled-back", "out", "action")).isZero();
            assertThat(bank.ledgerRows("committed", "out", "action")).isEqualTo(1);
            assertThat(bank.ledgerRows("committed", "in", "action")).isEqualTo(1);
            long committedRecords =
                    TopicReader.readCommitted(topics.results).stream()
                            .filter(
                                    r ->
                                            "committed"
                                                    .equals(
                                                            new String(
                                                                    r.key(),
                                                                    StandardCharsets.UTF_8)))
                            .count();
            assertThat(committedRecords).isEqualTo(1);
        }
    }

    /**
     * The source starts at the binlog's end when its reader opens: write probe sagas until one
     * comes back, so the real test rows cannot fall before that point.
     */
    private static void awaitOutboxRead(
            TestDatabase db, Bank bank, SagaTopicsUnderTest topics, RunningJobs jobs)
            throws Exception {
        for (int probe = 0; probe < 60; probe++) {
            jobs.assertRunning();
            String gid = "probe-" + probe;
            order(
                    db,
                    1000 + probe,
                    "{\"gid\": \""
                            + gid
                            + "\", \"steps\": [{\"action\":"
                            + " {\"participant\": \"bank1\", \"sql\": []}}]}",
                    true);
            long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
            while (System.nanoTime() < deadline) {
                if (topics.outcomes().keySet().stream().anyMatch(g -> g.startsWith("probe-"))) {
                    return;
                }
                Thread.sleep(250);
            }
        }
        throw new AssertionError("the saga job never read the outbox");
    }

    /** One business transaction: an order and its saga command in the outbox. */
    private static void order(TestDatabase db, long id, String command, boolean commit)
            throws SQLException {
        try (Connection connection = Connections.open(Services.upstreamAdmin())) {
            connection.setAutoCommit(false);
            try (PreparedStatement order =
                            connection.prepareStatement(
                                    "INSERT INTO " + db.table("orders") + " VALUES (?, 'book')");
                    PreparedStatement outbox =
                            connection.prepareStatement(
                                    "INSERT INTO "
                                            + db.table("saga_outbox")
                                            + " (gid, command) VALUES (?, ?)")) {
                order.setLong(1, id);
                order.executeUpdate();
                outbox.setString(1, Bank.JSON.readTree(command).get("gid").asText());
                outbox.setString(2, command);
                outbox.executeUpdate();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            if (commit) {
                connection.commit();
            } else {
                connection.rollback();
            }
        }
    }

    private static String schema() throws IOException {
        try (InputStream in = SagaOutboxITCase.class.getResourceAsStream("outbox-schema.sql")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
