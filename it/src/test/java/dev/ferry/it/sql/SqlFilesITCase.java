package dev.ferry.it.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.SqlClient;
import dev.ferry.it.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the numbered files in {@code sql/} (the stock-connector pipeline), in name order, as the
 * Flink SQL client would, against the real services: the demo database name, ports and server ids
 * are swapped for the test's own, nothing else is changed. The pipeline they build must copy a
 * table and then keep it in sync.
 */
class SqlFilesITCase {
    private static final Path SQL_DIR =
            Path.of(System.getProperty("ferry.repo", "..")).resolve("sql");

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void everyScriptRunsAndTheyReplicateTogether() throws Exception {
        List<Path> scripts;
        try (Stream<Path> files = Files.list(SQL_DIR)) {
            scripts =
                    files.filter(p -> p.getFileName().toString().matches("[0-9]{2}-.*\\.sql"))
                            .sorted()
                            .toList();
        }
        assertThat(scripts).as("scripts in %s", SQL_DIR).hasSizeGreaterThanOrEqualTo(2);

        try (TestDatabase db = TestDatabase.create("sqlfiles");
                RunningJobs jobs = new RunningJobs()) {
            String table = "`" + db.name() + "`.sbtest1";
            String ddl =
                    "CREATE TABLE "
                            + table
                            + " (id INT NOT NULL AUTO_INCREMENT, k INT NOT NULL DEFAULT 0,"
                            + " c CHAR(120) NOT NULL DEFAULT '', pad CHAR(60) NOT NULL DEFAULT '', PRIMARY KEY (id))";
            Sql.execute(
                    Services.upstreamAdmin(),
                    ddl,
                    "INSERT INTO "
                            + table
                            + " (k, c, pad) SELECT seq, MD5(seq), 'pad' FROM mysql.seq_1_to_2000");
            Sql.execute(Services.downstreamAdmin(), "CREATE DATABASE `" + db.name() + "`", ddl);

            int firstServerId = 7000 + ThreadLocalRandom.current().nextInt(0, 500) * 4;
            for (Path script : scripts) {
                int insertJobs = run(script, db.name(), firstServerId, jobs);
                assertThat(insertJobs)
                        .as("INSERT jobs started by %s", script.getFileName())
                        .isPositive();
            }
            Sql.execute(
                    Services.upstreamAdmin(),
                    "UPDATE " + table + " SET c = 'updated' WHERE id <= 10",
                    "DELETE FROM " + table + " WHERE id BETWEEN 11 AND 20",
                    "INSERT INTO " + table + " (k, c, pad) VALUES (1, 'after the snapshot', '')");

            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            assertThat(Sql.queryLong(Services.downstreamAdmin(), "SELECT COUNT(*) FROM " + table))
                    .isEqualTo(1991);
        }
    }

    /** Runs one script with the test's names; returns how many INSERT jobs it started. */
    private static int run(Path script, String database, int serverId, RunningJobs jobs)
            throws Exception {
        String text =
                Files.readString(script, StandardCharsets.UTF_8)
                        .replace("ferry_demo", database)
                        .replace("'5500-5501'", "'" + serverId + "-" + (serverId + 1) + "'")
                        .replace("'port' = '3307'", "'port' = '" + Services.UPSTREAM_PORT + "'")
                        .replace("127.0.0.1:3308", Services.HOST + ":" + Services.DOWNSTREAM_PORT)
                        .replace("127.0.0.1:9092", Services.KAFKA);
        return SqlClient.run(text, jobs);
    }
}
