package dev.ferry.it.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.it.support.CommandOutcome;
import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input gets one clear line that names the problem and what to do, exit code 2, no stack trace
 * and no password: run through the real command line against the real services.
 */
@ExtendWith(ExpectedErrors.class)
class BadInputITCase {
    private static final String SECRET = "not-the-password-4711";
    @TempDir static Path checkpoints;
    private static TestDatabase db;

    @BeforeAll
    static void createTable() {
        Services.requireRunning();
        db = TestDatabase.create("badinput");
        Sql.execute(
                Services.upstreamAdmin(),
                "CREATE TABLE `" + db.name() + "`.t (id INT PRIMARY KEY, v INT)");
    }

    @AfterAll
    static void dropTable() {
        db.close();
    }

    private static CommandOutcome capture(String... overrides) {
        List<String> args = CommandOutcome.captureArguments(db.table("t"));
        args.addAll(
                List.of(
                        "--kafka.bootstrap-servers",
                        Services.KAFKA,
                        "--kafka.schema-topic",
                        "ferry-schema-" + db.name(),
                        "--job.checkpoint-dir",
                        checkpoints.toString()));
        args.addAll(List.of(overrides));
        return CommandOutcome.run(args);
    }

    private static void assertClearError(CommandOutcome outcome, String... expected) {
        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(2);
        assertThat(outcome.err())
                .startsWith("ferry: ")
                .contains(expected)
                .doesNotContain("\tat ")
                .doesNotContain(SECRET);
        assertThat(outcome.err().strip().lines()).as("one line").hasSize(1);
    }

    @Test
    void wrongCredentials() {
        assertClearError(
                capture("--upstream.password", SECRET),
                "access denied for user 'ferry_cdc' at 127.0.0.1:" + Services.UPSTREAM_PORT,
                "upstream.password");
    }

    @Test
    void unreachableDatabase() {
        assertClearError(
                capture("--upstream.port", "1"), "cannot connect to 127.0.0.1:1", "upstream.port");
    }

    @Test
    void binlogOff() {
        // The downstream server stands in for an upstream started without log-bin.
        assertClearError(
                capture(
                        "--upstream.port",
                        String.valueOf(Services.DOWNSTREAM_PORT),
                        "--upstream.username",
                        "ferry_admin",
                        "--upstream.password",
                        "ferry_admin"),
                "binary logging off",
                "log-bin");
    }

    @Test
    void wrongBinlogFormat() {
        Sql.execute(Services.upstreamAdmin(), "SET GLOBAL binlog_format = 'MIXED'");
        try {
            assertClearError(capture(), "binlog_format=MIXED", "needs ROW");
        } finally {
            Sql.execute(Services.upstreamAdmin(), "SET GLOBAL binlog_format = 'ROW'");
        }
    }

    @Test
    void missingTable() {
        assertClearError(
                capture("--upstream.tables", db.table("nope")),
                "upstream table " + db.table("nope") + " does not exist",
                "tables there: ");
    }

    @Test
    void unsupportedColumnType() {
        Sql.execute(
                Services.upstreamAdmin(),
                "CREATE TABLE `" + db.name() + "`.with_uuid (id INT PRIMARY KEY, u UUID)");
        assertClearError(
                capture("--upstream.tables", db.table("with_uuid")),
                "column " + db.table("with_uuid") + ".u has type UUID",
                "CHAR(36)");
    }

    @Test
    void tableWithoutPrimaryKeyOrNotNullUniqueKey() {
        // A unique key with a nullable column cannot identify a row.
        Sql.execute(
                Services.upstreamAdmin(),
                "CREATE TABLE `" + db.name() + "`.no_pk (v INT, u INT, UNIQUE KEY (u))");
        assertClearError(
                capture("--upstream.tables", db.table("no_pk")),
                "has no primary key and no unique key whose columns are all NOT NULL");
    }

    @Test
    void unreachableKafka() {
        assertClearError(
                capture("--kafka.bootstrap-servers", "127.0.0.1:1"),
                "kafka: cannot reach 127.0.0.1:1");
    }

    @Test
    void unknownOptionAndMissingOption() {
        assertClearError(capture("--upstream.tabels", "x"), "unknown option 'upstream.tabels'");
        assertClearError(
                CommandOutcome.run(List.of("apply", "--downstream.password", SECRET)),
                "downstream.username is required");
    }

    @Test
    void wrongDownstreamCredentials() throws Exception {
        TestDatabase other = TestDatabase.create("badapply");
        try (RunningJobs jobs = new RunningJobs()) {
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE `" + other.name() + "`.t (id INT PRIMARY KEY)");
            Pipeline pipeline = new Pipeline(other, checkpoints);
            jobs.add(pipeline.startCapture()); // publishes the schema the apply job reads first
            Configuration options = pipeline.applyOptions().clone();
            options.setString("downstream.password", SECRET);
            List<String> args = Pipeline.arguments("apply", options);
            assertClearError(
                    CommandOutcome.run(args),
                    "access denied for user 'ferry_apply'",
                    "downstream.password");
        } finally {
            other.close();
        }
    }

    @Test
    void poisonRecordStopsTheApplyJobAndNamesIt() throws Exception {
        TestDatabase other = TestDatabase.create("poison");
        try (RunningJobs jobs = new RunningJobs()) {
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE `" + other.name() + "`.t (id INT PRIMARY KEY)");
            Pipeline pipeline = new Pipeline(other, checkpoints);
            jobs.add(pipeline.startCapture());
            Properties properties = new Properties();
            properties.put("bootstrap.servers", Services.KAFKA);
            try (KafkaProducer<byte[], byte[]> producer =
                    new KafkaProducer<>(
                            properties, new ByteArraySerializer(), new ByteArraySerializer())) {
                producer.send(
                                new ProducerRecord<>(
                                        pipeline.topicOf("t"),
                                        "{\"id\":1}".getBytes(),
                                        "{oops".getBytes()))
                        .get();
            }
            JobClient apply = jobs.add(pipeline.startApply());

            assertThatThrownBy(() -> apply.getJobExecutionResult().get(2, TimeUnit.MINUTES))
                    .hasStackTraceContaining(
                            "Kafka record "
                                    + pipeline.topicOf("t")
                                    + "-0@0 is not a ferry change envelope")
                    .hasStackTraceContaining("nothing is lost");
        } finally {
            other.close();
        }
    }
}
