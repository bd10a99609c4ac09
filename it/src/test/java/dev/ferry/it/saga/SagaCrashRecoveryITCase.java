package dev.ferry.it.saga;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import dev.ferry.jdbc.Connections;
import dev.ferry.jobs.runtime.LatestCheckpoint;
import dev.ferry.saga.model.SagaOutcome;
import dev.ferry.saga.model.SagaStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills the coordinator process (SIGKILL, as `kill -9`) while hundreds of transfer sagas are in
 * flight, starts it again from its checkpoint, and checks every saga's end on the real banks: each
 * committed or compensated, money neither made nor lost, no step applied twice, one outcome each.
 */
class SagaCrashRecoveryITCase {
    private static final Path JAR =
            Path.of(System.getProperty("ferry.repo", "..")).resolve("jobs/target/ferry.jar");
    private static final int SAGAS = 300;
    private static final int ACCOUNTS = 20;
    private static final long BALANCE = 500;

    @TempDir Path work;

    @BeforeAll
    static void jarAndServices() {
        assertThat(JAR).as("run `mvn package` first").isRegularFile();
        Services.requireRunning();
    }

    @Test
    void everySagaEndsCleanlyAfterAKillAndARestartFromCheckpoint() throws Exception {
        try (TestDatabase db = TestDatabase.create("sagacrash")) {
            Bank bank = Bank.open(db, ACCOUNTS, BALANCE);
            SagaTopicsUnderTest topics = new SagaTopicsUnderTest(db.name());
            Path config = work.resolve("saga.properties");
            List<String> settings =
                    new java.util.ArrayList<>(topics.settings(bank, work.resolve("checkpoints")));
            settings.add("saga.sql-threads=4");
            Files.write(config, settings);
            topics.send(transfers(bank));

            Process first = start(config, "first.log");
            Path checkpoints = work.resolve("checkpoints").resolve("saga-" + db.name());
            try {
                Await.until(
                        "a completed checkpoint",
                        Duration.ofMinutes(2),
                        () -> {
                            assertThat(first.isAlive()).as(log("first.log")).isTrue();
                            return LatestCheckpoint.in(checkpoints).isPresent();
                        });
            } finally {
                first.destroyForcibly(); // SIGKILL: no shutdown hook, no final checkpoint
                assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
            int unfinishedAtKill = SAGAS - topics.outcomes().size();
            assertThat(unfinishedAtKill)
                    .as("sagas in flight at the kill")
                    .isGreaterThanOrEqualTo(100);

            Process second = start(config, "second.log");
            try {
                Await.until(
                        "every saga's outcome after the restart",
                        Duration.ofMinutes(3),
                        () -> {
                            assertThat(second.isAlive()).as(log("second.log")).isTrue();
                            return topics.outcomes().size() == SAGAS;
                        },
                        () -> topics.outcomes().size() + " of " + SAGAS + " outcomes");
                assertThat(log("second.log"))
                        .contains("Resuming saga-" + db.name() + " from checkpoint");
                assertThat(status(topics, "crash-7")).contains("\"gid\":\"crash-7\"");
            } finally {
                second.destroyForcibly();
                second.waitFor(30, TimeUnit.SECONDS);
            }

            Map<String, SagaOutcome> outcomes = topics.outcomes();
            assertThat(outcomes.values())
                    .extracting(SagaOutcome::status)
                    .containsOnly(SagaStatus.COMMITTED, SagaStatus.COMPENSATED)
                    .contains(SagaStatus.COMMITTED, SagaStatus.COMPENSATED);
            assertThat(bank.total()).isEqualTo(2 * ACCOUNTS * BALANCE);
            assertThat(bank.appliedTwice()).as("steps applied twice").isZero();
            Map<String, Long> net = netAmounts(db);
            for (SagaOutcome outcome : outcomes.values()) {
                if (outcome.status() == SagaStatus.COMMITTED) {
                    assertThat(bank.ledgerRows(outcome.gid(), "out", "action")).isEqualTo(1);
                    assertThat(bank.ledgerRows(outcome.gid(), "in", "action")).isEqualTo(1);
                }
                assertThat(net.getOrDefault(outcome.gid(), 0L))
                        .as("money created or lost by " + outcome.gid())
                        .isZero();
            }
            Map<String, Long> recordsPerSaga =
                    TopicReader.readCommitted(topics.results).stream()
                            .collect(
                                    Collectors.groupingBy(
                                            r -> new String(r.key(), StandardCharsets.UTF_8),
                                            Collectors.counting()));
            assertThat(recordsPerSaga).hasSize(SAGAS);
            assertThat(recordsPerSaga.values()).as("outcomes per saga").containsOnly(1L);
        }
    }

    /** Random transfers, some of which overdraw or overfill an account and are compensated. */
    private static String[] transfers(Bank bank) {
        Random random = new Random(42);
        return IntStream.range(0, SAGAS)
                .mapToObj(
                        i -> {
                            ObjectNode command =
                                    bank.transfer(
                                            "crash-" + i,
                                            1 + random.nextInt(ACCOUNTS),
                                            1 + random.nextInt(ACCOUNTS),
                                            1 + random.nextInt(300));
                            // Slow steps keep hundreds of sagas in flight when the kill comes.
                            for (int step = 0; step < 2; step++) {
                                ObjectNode action =
                                        (ObjectNode)
                                                command.withArray("steps").get(step).get("action");
                                ((ArrayNode) action.get("sql")).add("SELECT SLEEP(0.1)");
                            }
                            return command.toString();
                        })
                .toArray(String[]::new);
    }

    /** Sum of ledger amounts per saga over both banks: zero for a transfer, committed or not. */
    private static Map<String, Long> netAmounts(TestDatabase db) throws SQLException {
        Map<String, Long> net = new HashMap<>();
        for (var server : List.of(Bank.bank1(), Bank.bank2())) {
            try (Connection connection = Connections.open(server);
                    Statement statement = connection.createStatement();
                    ResultSet rows =
                            statement.executeQuery(
                                    "SELECT gid, SUM(amount) FROM "
                                            + db.table("ledger")
                                            + " GROUP BY gid")) {
                while (rows.next()) {
                    net.merge(rows.getString(1), rows.getLong(2), Long::sum);
                }
            }
        }
        return net;
    }

    private Process start(Path config, String log) throws IOException {
        return new ProcessBuilder(
                        "java",
                        "-Xmx768m",
                        "-jar",
                        JAR.toString(),
                        "saga",
                        "--config",
                        config.toString())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve(log).toFile())
                .start();
    }

    private String status(SagaTopicsUnderTest topics, String gid) throws Exception {
        Process status =
                new ProcessBuilder(
                                "java",
                                "-jar",
                                JAR.toString(),
                                "saga",
                                "status",
                                gid,
                                "--kafka.bootstrap-servers",
                                Services.KAFKA,
                                "--saga.results-topic",
                                topics.results)
                        .redirectErrorStream(true)
                        .start();
        String output = new String(status.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(status.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(status.exitValue()).as(output).isZero();
        return output;
    }

    private String log(String name) {
        try {
            return Files.readString(work.resolve(name));
        } catch (IOException e) {
            return "";
        }
    }
}
