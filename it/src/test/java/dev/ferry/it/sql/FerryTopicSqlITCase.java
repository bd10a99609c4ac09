package dev.ferry.it.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.SqlClient;
import dev.ferry.it.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sql/ferry-topic-to-jdbc.sql}, a stock Flink SQL pipeline (kafka + debezium-json → jdbc)
 * over the topic ferry's capture writes every table of a database to by default, copies its one
 * table: the rows of a second table of the same shape and ids in the same topic stay out.
 */
class FerryTopicSqlITCase {
    private static final Path SCRIPT =
            Path.of(System.getProperty("ferry.repo", "..")).resolve("sql/ferry-topic-to-jdbc.sql");

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void aStockDebeziumJsonTableSelectsItsTableInTheSharedTopic() throws Exception {
        try (TestDatabase db = TestDatabase.create("sqltopic");
                RunningJobs jobs = new RunningJobs()) {
            String ddl =
                    " (id INT NOT NULL, k INT NOT NULL, c CHAR(120) NOT NULL,"
                            + " pad CHAR(60) NOT NULL, PRIMARY KEY (id))";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + db.table("sbtest1") + ddl,
                    "CREATE TABLE " + db.table("sbtest2") + ddl,
                    "INSERT INTO "
                            + db.table("sbtest1")
                            + " SELECT seq, seq, MD5(seq), 'one' FROM mysql.seq_1_to_500",
                    "INSERT INTO "
                            + db.table("sbtest2")
                            + " SELECT seq, -seq, 'other', 'two' FROM mysql.seq_1_to_700");
            Sql.execute(
                    Services.downstreamAdmin(),
                    "CREATE DATABASE `" + db.name() + "`",
                    "CREATE TABLE " + db.table("sbtest1") + ddl);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            jobs.add(pipeline.startCapture());
            String text =
                    Files.readString(SCRIPT, StandardCharsets.UTF_8)
                            .replace("ferry_demo", db.name())
                            .replace("ferry-sql-sbtest1", "ferry-sql-" + db.name())
                            .replace(
                                    "127.0.0.1:3308",
                                    Services.HOST + ":" + Services.DOWNSTREAM_PORT)
                            .replace("127.0.0.1:9092", Services.KAFKA);
            assertThat(text).contains("'topic' = '" + pipeline.topicOf("sbtest1") + "'");
            assertThat(SqlClient.run(text, jobs)).isEqualTo(1);
            Sql.execute(
                    Services.upstreamAdmin(),
                    "UPDATE " + db.table("sbtest1") + " SET c = 'updated' WHERE id <= 10",
                    "DELETE FROM " + db.table("sbtest1") + " WHERE id BETWEEN 11 AND 20",
                    "UPDATE " + db.table("sbtest2") + " SET k = 0 WHERE id <= 600",
                    "INSERT INTO " + db.table("sbtest1") + " VALUES (501, 1, 'late', 'one')");

            String checksum =
                    "SELECT COUNT(*) * 1000000000000 + SUM(CRC32(CONCAT_WS('#', id, k, c, pad)))"
                            + " FROM "
                            + db.table("sbtest1");
            long upstream = Sql.queryLong(Services.upstreamAdmin(), checksum);
            Await.until(
                    "downstream sbtest1 to equal upstream sbtest1",
                    Duration.ofMinutes(3),
                    () -> {
                        jobs.assertRunning();
                        return Sql.queryLong(Services.downstreamAdmin(), checksum) == upstream;
                    });
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT COUNT(*) FROM "
                                            + db.table("sbtest1")
                                            + " WHERE pad <> 'one'"))
                    .as("rows of sbtest2 downstream")
                    .isZero();
        }
    }
}
