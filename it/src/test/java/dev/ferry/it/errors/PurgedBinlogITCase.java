package dev.ferry.it.errors;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.ExpectedErrors;
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
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture job resumed from a checkpoint whose binlog file the upstream has purged stops with a
 * message naming the file and how to start over with a new snapshot.
 */
@ExtendWith(ExpectedErrors.class)
class PurgedBinlogITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void aPurgedBinlogStopsTheCaptureNamingTheFile() throws Exception {
        try (TestDatabase db = TestDatabase.create("purged");
                RunningJobs jobs = new RunningJobs()) {
            String table = "`" + db.name() + "`.t";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v INT)",
                    "INSERT INTO " + table + " VALUES (1, 1)");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            JobClient capture = jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            String resumeFile = currentBinlogFile();
            Sql.execute(Services.upstreamAdmin(), "INSERT INTO " + table + " VALUES (2, 2)");
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            Thread.sleep(5_000); // a checkpoint past the binlog change (interval 2 s)
            jobs.cancel(capture);

            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO " + table + " VALUES (3, 3)",
                    "FLUSH BINARY LOGS",
                    "FLUSH BINARY LOGS");
            // PURGE skips a file a binlog dump thread still reads: the cancelled capture's may
            // linger for a moment.
            Await.until(
                    resumeFile + " purged",
                    Duration.ofSeconds(60),
                    () -> {
                        Sql.execute(
                                Services.upstreamAdmin(),
                                "PURGE BINARY LOGS TO '" + currentBinlogFile() + "'");
                        return !binlogFiles().contains(resumeFile);
                    });

            JobClient resumed = jobs.add(pipeline.startCapture());
            assertThatThrownBy(() -> resumed.getJobExecutionResult().get(2, TimeUnit.MINUTES))
                    .hasStackTraceContaining(
                            "capture: the upstream has purged the binlog file " + resumeFile)
                    .hasStackTraceContaining("start the capture with --job.resume false");
            jobs.forget(resumed);
        }
    }

    private static String currentBinlogFile() {
        return firstColumn("SHOW MASTER STATUS").get(0);
    }

    private static List<String> binlogFiles() {
        return firstColumn("SHOW BINARY LOGS");
    }

    private static List<String> firstColumn(String sql) {
        try (Connection connection = Connections.open(Services.upstreamAdmin());
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (rows.next()) {
                values.add(rows.getString(1));
            }
            return values;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
