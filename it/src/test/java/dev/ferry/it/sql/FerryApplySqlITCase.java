package dev.ferry.it.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.SqlClient;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.Workload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sql/ferry-apply.sql, the apply job as a SQL client script through the {@code ferry-apply}
 * connector, replicates what ferry's capture job writes, with the apply job's options and its
 * transaction path (the downstream's progress table fills up).
 */
class FerryApplySqlITCase {
    private static final Path SCRIPT =
            Path.of(System.getProperty("ferry.repo", "..")).resolve("sql/ferry-apply.sql");

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void theSqlScriptAppliesTransactionsLikeTheJob() throws Exception {
        replicatesWith(pattern -> pattern);
    }

    /**
     * Scripts written before the sink read the transaction topic itself had the source read it too:
     * the sink drops those records instead of taking them for poison.
     */
    @Test
    void aSourceThatAlsoReadsTheTransactionTopicStillWorks() throws Exception {
        replicatesWith(pattern -> pattern + "|ferry-transactions");
    }

    private void replicatesWith(UnaryOperator<String> topicPattern) throws Exception {
        String changeTopics = "ferry\\.ferry_demo(\\..*)?";
        try (TestDatabase db = TestDatabase.create("sqlapply");
                RunningJobs jobs = new RunningJobs()) {
            SampleSchema.load(db, 2_000, 100);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            jobs.add(pipeline.startCapture());
            String group = "ferry-sql-" + db.name();
            String text =
                    Files.readString(SCRIPT, StandardCharsets.UTF_8)
                            .replace(changeTopics, topicPattern.apply(changeTopics))
                            .replace("ferry_demo", db.name())
                            .replace(
                                    "ferry-transactions",
                                    pipeline.captureOptions()
                                            .getString("kafka.transaction-topic", ""))
                            .replace(
                                    "'ferry-schema'",
                                    "'"
                                            + pipeline.captureOptions()
                                                    .getString("kafka.schema-topic", "")
                                            + "'")
                            .replace("ferry-sql-apply", group)
                            .replace("'3308'", "'" + Services.DOWNSTREAM_PORT + "'")
                            .replace("127.0.0.1:9092", Services.KAFKA);
            assertThat(SqlClient.run(text, jobs)).isEqualTo(1);
            try (Workload workload = Workload.start(db, 11)) {
                Thread.sleep(5_000);
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            long saved =
                    Sql.queryLong(
                            Services.downstreamAdmin(),
                            "SELECT COUNT(*) FROM ferry_meta.ferry_apply_offsets WHERE pipeline = '"
                                    + group
                                    + "'");
            assertThat(saved).as("partitions with saved restart offsets").isPositive();
        }
    }
}
