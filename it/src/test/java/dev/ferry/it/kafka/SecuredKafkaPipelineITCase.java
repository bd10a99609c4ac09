package dev.ferry.it.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.CommandOutcome;
import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.LogCapture;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.kafka.SecuredKafka;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole pipeline through a broker that only takes SASL_SSL with SCRAM: every Kafka client of
 * the capture and apply jobs (sink, source, END reader, schema topic, admin) authenticates with
 * kafka.properties.*, the secrets read from files. Wrong credentials stop with one clear line, and
 * no secret appears in anything logged.
 */
@ExtendWith(ExpectedErrors.class)
class SecuredKafkaPipelineITCase {
    private static final String PASSWORD = "scram-" + Long.toHexString(System.nanoTime());

    @TempDir static Path directory;
    private static SecuredKafka kafka;

    @BeforeAll
    static void startBroker() throws Exception {
        Services.requireRunning();
        kafka = SecuredKafka.start(directory.resolve("kafka"), PASSWORD);
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void captureAndApplyRunThroughSaslSsl(@TempDir Path checkpoints) throws Exception {
        Map<String, String> client = kafka.clientOptions(SecuredKafka.USER, PASSWORD);
        try (LogCapture logs = new LogCapture();
                TestDatabase db = TestDatabase.create("sasl");
                RunningJobs jobs = new RunningJobs()) {
            String table = "`" + db.name() + "`.t";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(20))",
                    "INSERT INTO " + table + " VALUES (1, 'one'), (2, 'two')");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            client.forEach(pipeline.captureOptions()::setString);
            client.forEach(pipeline.applyOptions()::setString);
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            Sql.execute(
                    Services.upstreamAdmin(),
                    "UPDATE " + table + " SET v = 'uno' WHERE id = 1",
                    "INSERT INTO " + table + " VALUES (3, 'three')");
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            assertThat(logs.text())
                    .as("the Kafka clients logged their configuration")
                    .contains("sasl.jaas.config = [hidden]")
                    .doesNotContain(PASSWORD);
        }
    }

    @Test
    void wrongCredentialsStopClearlyWithoutTheSecret() throws Exception {
        String wrong = "wrong-" + Long.toHexString(System.nanoTime());
        // The upstream check runs before Kafka is reached: give it a table that passes.
        try (TestDatabase db = TestDatabase.create("saslbad");
                LogCapture logs = new LogCapture()) {
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE `" + db.name() + "`.t (id INT PRIMARY KEY)");
            List<String> args = CommandOutcome.captureArguments(db.name() + ".t");
            args.addAll(List.of("--job.checkpoint-dir", directory.resolve("cp").toString()));
            kafka.clientOptions(SecuredKafka.USER, wrong)
                    .forEach(
                            (key, value) -> {
                                args.add("--" + key);
                                args.add(value);
                            });
            CommandOutcome outcome = CommandOutcome.run(args);

            assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(2);
            assertThat(outcome.err())
                    .startsWith("ferry: kafka: cannot reach " + kafka.bootstrapServers())
                    .contains("SaslAuthenticationException")
                    .contains("refused the client's credentials")
                    .contains("kafka.properties.sasl.jaas.config")
                    .doesNotContain(wrong)
                    .doesNotContain(PASSWORD);
            assertThat(logs.text()).doesNotContain(wrong).doesNotContain(PASSWORD);
        }
    }
}
