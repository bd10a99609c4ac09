package dev.ferry.it.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table without a primary key but with a NOT NULL unique key is replicated by that key, as TiDB
 * DM does: snapshot in chunks of it, changes keyed by it, updates and deletes applied by it, also
 * when the key's own value changes.
 */
class UniqueKeyOnlyTableITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void tableKeyedByANotNullUniqueKeyReplicates() throws Exception {
        try (TestDatabase db = TestDatabase.create("ukonly");
                RunningJobs jobs = new RunningJobs()) {
            String table = db.table("tags");
            Sql.execute(
                    Services.upstreamAdmin(),
                    // A nullable unique key first by name: it cannot be the key.
                    "CREATE TABLE "
                            + table
                            + " (code VARCHAR(20) NOT NULL, region INT NOT NULL, alias"
                            + " VARCHAR(20) NULL, hits INT, UNIQUE KEY a_alias (alias), UNIQUE KEY"
                            + " b_code (code, region))");
            List<String> rows = new ArrayList<>();
            for (int i = 1; i <= 300; i++) {
                rows.add("('c" + i + "', " + (i % 3) + ", NULL, " + i + ")");
            }
            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO " + table + " VALUES " + String.join(",", rows));
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions().setString("capture.snapshot.chunk-size", "50");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            Sql.execute(
                    Services.upstreamAdmin(),
                    "UPDATE " + table + " SET hits = hits + 1000 WHERE region = 1",
                    "DELETE FROM " + table + " WHERE region = 2 AND hits < 100",
                    "UPDATE " + table + " SET code = CONCAT(code, '-renamed') WHERE hits = 3",
                    "UPDATE " + table + " SET alias = CONCAT('a', hits) WHERE hits BETWEEN 4 AND 9",
                    "INSERT INTO " + table + " VALUES ('c1', 2, NULL, -1)");

            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT COUNT(*) FROM " + table + " WHERE code = 'c3-renamed'"))
                    .isEqualTo(1);
            // The records are keyed by the unique key.
            assertThat(
                            new String(
                                    TopicReader.readCommitted(pipeline.topicOf("tags"), "tags")
                                            .get(0)
                                            .key(),
                                    StandardCharsets.UTF_8))
                    .contains("\"code\"")
                    .contains("\"region\"")
                    .doesNotContain("hits");
        }
    }
}
