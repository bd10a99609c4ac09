package dev.ferry.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.FlinkCluster;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shaded jar submitted to a real standalone Flink session cluster (bin/flink-cluster: a
 * JobManager and two TaskManagers as processes, from Flink's jars on Maven Central) through the
 * REST API: capture first, then apply, on the same cluster. A second job on one JobManager is what
 * broke JDBC driver lookup through DriverManager, and the main method must not exit the JVM.
 */
class FlinkClusterITCase {
    private static final List<String> JOBS = new ArrayList<>();

    @BeforeAll
    static void startCluster() throws Exception {
        Services.requireRunning();
        FlinkCluster.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        FlinkCluster.stop(JOBS);
    }

    @Test
    void captureAndApplyRunAsSubmittedJars() throws Exception {
        try (TestDatabase db = TestDatabase.create("cluster");
                RunningJobs none = new RunningJobs()) {
            SampleSchema.load(db, 2_000, 100);
            // The checkpoint directory must be the one the cluster's processes share.
            Pipeline pipeline =
                    new Pipeline(db, FlinkCluster.DIR.resolve("checkpoints").toAbsolutePath());
            JOBS.add(FlinkCluster.submit(Pipeline.arguments("capture", pipeline.captureOptions())));
            JOBS.add(FlinkCluster.submit(Pipeline.arguments("apply", pipeline.applyOptions())));

            Replicas.awaitEqual(db, none, Duration.ofMinutes(3));
            Sql.execute(
                    Services.upstreamAdmin(),
                    "UPDATE `" + db.name() + "`.sbtest SET c = 'on the cluster' WHERE id <= 20",
                    "DELETE FROM `" + db.name() + "`.sbtest WHERE id BETWEEN 21 AND 30");
            Replicas.awaitEqual(db, none, Duration.ofMinutes(2));
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT COUNT(*) FROM `"
                                            + db.name()
                                            + "`.sbtest WHERE c = 'on the cluster'"))
                    .isEqualTo(20);
        }
    }
}
