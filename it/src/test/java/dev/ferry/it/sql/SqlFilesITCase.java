package dev.ferry.it.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.ferry.benchmarks.SqlScript;
import dev.ferry.it.support.FlinkCluster;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import dev.ferry.jdbc.Connections;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file in {@code sql/}, run as a user runs it: with Flink's own SQL client ({@code
 * bin/flink-cluster sql-client ... -f file}, i.e. {@code sql-client.sh}) against the standalone
 * cluster of {@code bin/flink-cluster}, started once for all files. Each file's expected records
 * (in Kafka) or rows (downstream) are in {@code <file>.expected} beside this class ({@link
 * SqlFileExpectations}); a file without one fails the test. The files run in name order with the
 * test's ports and database names (SqlFileScript); their records and rows are compared one by one
 * once the upstream rows are copied, and again after upstream-changes.sql.
 */
class SqlFilesITCase {
    private static final Path SQL_DIR = FlinkCluster.REPO.resolve("sql");

    /** The stock connectors' jars, copied by the it module's build (pom.xml). */
    private static final Path CONNECTORS =
            Path.of(System.getProperty("ferry.sql-connectors", "target/sql-connectors"))
                    .toAbsolutePath();

    private static final Pattern JOB_ID = Pattern.compile("Job ID: ([0-9a-f]{32})");
    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    /**
     * 01 (2 slots), 02 (4), ferry's capture (2) with ferry-apply.sql (1), and another capture (2)
     * with ferry-topic-to-jdbc.sql (1) run side by side.
     */
    private static final Map<String, String> CLUSTER = Map.of("FERRY_FLINK_SLOTS", "6");

    private static final List<String> JOBS = new ArrayList<>();

    @TempDir Path scripts;

    @BeforeAll
    static void startCluster() throws Exception {
        Services.requireRunning();
        FlinkCluster.start(CLUSTER);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        FlinkCluster.stop(JOBS);
    }

    @Test
    void everyFileRunsInTheSqlClientAndDeliversItsExpectedRows() throws Exception {
        List<String> files;
        try (Stream<Path> listing = Files.list(SQL_DIR)) {
            files =
                    listing.map(p -> p.getFileName().toString())
                            .filter(name -> name.endsWith(".sql"))
                            .sorted()
                            .toList();
        }
        assertThat(files).as("files in %s", SQL_DIR).isNotEmpty();
        List<SqlFileExpectations> expectations = new ArrayList<>();
        for (String file : files) {
            expectations.add(SqlFileExpectations.of(file));
        }

        Map<String, TestDatabase> databases = new LinkedHashMap<>();
        try {
            for (SqlFileExpectations expected : expectations) {
                TestDatabase db =
                        databases.computeIfAbsent(
                                expected.database(), name -> TestDatabase.create("sqlf_" + name));
                if (isNew(expected, expectations)) {
                    runUpstream(db, "upstream-schema.sql");
                    runUpstream(db, "upstream-rows.sql");
                }
                if (expected.downstreamTables()) {
                    createDownstreamTables(db);
                }
                Map<String, String> ferryTopics = Map.of();
                if (expected.ferryCapture()) {
                    ferryTopics = startFerryCapture(db);
                }
                runInSqlClient(expected, db, ferryTopics);
            }
            for (SqlFileExpectations expected : expectations) {
                awaitExpected(expected, databases.get(expected.database()), "after rows");
            }
            for (TestDatabase db : databases.values()) {
                runUpstream(db, "upstream-changes.sql");
            }
            for (SqlFileExpectations expected : expectations) {
                awaitExpected(expected, databases.get(expected.database()), "after changes");
            }
        } finally {
            for (String job : JOBS) {
                FlinkCluster.run("cancel", job);
            }
            JOBS.clear();
            databases.values().forEach(TestDatabase::close);
        }
    }

    /** True for the first file of its database: the one that gets the upstream tables. */
    private static boolean isNew(SqlFileExpectations file, List<SqlFileExpectations> all) {
        return all.stream()
                        .filter(other -> other.database().equals(file.database()))
                        .findFirst()
                        .orElseThrow()
                == file;
    }

    private void runInSqlClient(
            SqlFileExpectations expected, TestDatabase db, Map<String, String> ferryTopics)
            throws Exception {
        String file = expected.file();
        String text = Files.readString(SQL_DIR.resolve(file), StandardCharsets.UTF_8);
        int firstServerId = 7000 + ThreadLocalRandom.current().nextInt(0, 500) * 4;
        Path script = scripts.resolve(file);
        Files.writeString(
                script, SqlFileScript.forTest(file, text, db.name(), firstServerId, ferryTopics));

        List<String> arguments = new ArrayList<>();
        for (String argument : expected.clientArguments().split("\\s+")) {
            if (!argument.isEmpty()) {
                arguments.add(
                        argument.replace("{connectors}", CONNECTORS.toString())
                                .replace(
                                        "{ferry.jar}",
                                        FlinkCluster.REPO
                                                .resolve("jobs/target/ferry.jar")
                                                .toAbsolutePath()
                                                .toString()));
            }
        }
        arguments.addAll(List.of("-f", script.toString()));
        FlinkCluster.Result result = FlinkCluster.sqlClient(arguments);
        List<String> jobs = new ArrayList<>();
        Matcher ids = JOB_ID.matcher(result.output());
        while (ids.find()) {
            jobs.add(ids.group(1));
        }
        JOBS.addAll(jobs);
        // The client exits 0 even when a statement fails; it prints [ERROR] then.
        assertThat(result.output())
                .as("the SQL client's output for sql/%s", file)
                .doesNotContain("[ERROR]");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(jobs).as("jobs submitted by sql/%s:\n%s", file, result.output()).isNotEmpty();
    }

    /**
     * Starts ferry's capture of the database on the cluster; returns its topics by default name.
     */
    private static Map<String, String> startFerryCapture(TestDatabase db) throws Exception {
        Pipeline pipeline =
                new Pipeline(db, FlinkCluster.DIR.resolve("checkpoints").toAbsolutePath());
        JOBS.add(FlinkCluster.submit(Pipeline.arguments("capture", pipeline.captureOptions())));
        return Map.of(
                "ferry-transactions",
                pipeline.captureOptions().getString("kafka.transaction-topic", ""),
                "ferry-schema",
                pipeline.captureOptions().getString("kafka.schema-topic", ""));
    }

    private static void awaitExpected(SqlFileExpectations expected, TestDatabase db, String when) {
        List<String> want =
                when.equals("after rows") ? expected.afterRows() : expected.afterChanges();
        String target = expected.check().target().replace("ferry_demo", db.name());
        boolean kafka = expected.check().where() == SqlFileExpectations.Where.KAFKA;
        await("sql/" + expected.file() + " " + when)
                .atMost(TIMEOUT)
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions()
                .untilAsserted(
                        () -> {
                            if (kafka) {
                                assertThat(recordsOf(target))
                                        .as(
                                                "records in %s, %s (sql/%s)",
                                                target, when, expected.file())
                                        .containsExactlyInAnyOrderElementsOf(want);
                            } else {
                                assertThat(rowsOf(target))
                                        .as(
                                                "rows of %s, %s (sql/%s)",
                                                target, when, expected.file())
                                        .containsExactlyElementsOf(want);
                            }
                        });
    }

    private static List<String> recordsOf(String topic) {
        return TopicReader.readCommitted(topic).stream()
                .map(ConsumerRecord::value)
                .map(value -> value == null ? "null" : new String(value, StandardCharsets.UTF_8))
                .toList();
    }

    private static List<String> rowsOf(String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = Connections.open(Services.downstreamAdmin());
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> cells = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    cells.add(String.valueOf(result.getString(i)));
                }
                rows.add(String.join("\t", cells));
            }
        }
        return rows;
    }

    private static void runUpstream(TestDatabase db, String resource) throws IOException {
        Sql.execute(Services.upstreamAdmin(), statements(resource, db).toArray(String[]::new));
    }

    /** The CREATE TABLE statements of upstream-schema.sql, run downstream. */
    private static void createDownstreamTables(TestDatabase db) throws IOException {
        List<String> statements = new ArrayList<>();
        statements.add("CREATE DATABASE IF NOT EXISTS `" + db.name() + "`");
        statements.addAll(statements("upstream-schema.sql", db));
        Sql.execute(Services.downstreamAdmin(), statements.toArray(String[]::new));
    }

    private static List<String> statements(String resource, TestDatabase db) throws IOException {
        try (InputStream in =
                SqlFilesITCase.class.getResourceAsStream(
                        SqlFileExpectations.RESOURCES + resource)) {
            assertThat(in).as(resource).isNotNull();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return SqlScript.statements(text.replace("ferry_demo", db.name()));
        }
    }
}
