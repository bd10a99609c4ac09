package dev.ferry.testing.services;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The services as containers, configured as bin/services configures its processes: the upstream
 * with binlog ROW/FULL, the downstreams without, the same users (password = user name). Ryuk is not
 * used: {@link ContainerServices} stops every container it started.
 */
final class ServiceContainers {
    static final int MYSQL_PORT = 3306;
    static final int TIDB_PORT = 4000;
    static final int TIDB_STATUS_PORT = 10080;
    static final int KAFKA_PORT = 9092;

    /**
     * Marks the containers (of the tests and the benchmarks), so that a killed JVM's can be found
     * and removed: .ci/run removes those with this label.
     */
    static final String LABEL = "dev.ferry.it";

    private static final String ROOT_PASSWORD = "ferry_root";
    private static final Duration STARTUP = Duration.ofMinutes(3);

    private ServiceContainers() {}

    /** MariaDB (or MySQL) with the binlog the capture job reads. */
    static GenericContainer<?> upstream() {
        List<String> options = serverOptions(1);
        options.addAll(
                List.of(
                        "--log-bin=mysql-bin",
                        "--binlog-format=ROW",
                        "--binlog-row-image=FULL",
                        "--binlog-expire-logs-seconds=21600"));
        if (ServiceImages.UPSTREAM.isMysql()) {
            options.addAll(List.of("--gtid-mode=ON", "--enforce-gtid-consistency=ON"));
        }
        return mysqlProtocol(ServiceImages.UPSTREAM, options);
    }

    /** The MariaDB stand-in for TiDB, without a binlog. */
    static GenericContainer<?> downstream() {
        List<String> options = serverOptions(2);
        options.add("--skip-log-bin");
        return mysqlProtocol(ServiceImages.DOWNSTREAM, options);
    }

    static KafkaContainer kafka() {
        return new KafkaContainer(ServiceImages.KAFKA.image())
                .withLabel(LABEL, "kafka")
                .withEnv("KAFKA_HEAP_OPTS", "-Xmx512m -Xms256m")
                .withEnv("KAFKA_NUM_PARTITIONS", "1")
                .withEnv("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "true")
                // Flink's exactly-once Kafka sink uses transaction timeouts up to 1 h.
                .withEnv("KAFKA_TRANSACTION_MAX_TIMEOUT_MS", "3600000")
                // 64 MiB messages (large rows and batches), as bin/services.
                .withEnv("KAFKA_MESSAGE_MAX_BYTES", "67108864")
                .withEnv("KAFKA_REPLICA_FETCH_MAX_BYTES", "67108864")
                .withStartupTimeout(STARTUP);
    }

    /**
     * TiDB in one process (unistore). With {@code txnTotalSizeLimit} above zero, TiDB rejects a
     * transaction larger than that many bytes ({@code performance.txn-total-size-limit}).
     */
    static GenericContainer<?> tidb(long txnTotalSizeLimit) {
        String config = resource("tidb.toml");
        if (txnTotalSizeLimit > 0) {
            config += "\n[performance]\ntxn-total-size-limit = " + txnTotalSizeLimit + "\n";
        }
        return new GenericContainer<>(ServiceImages.TIDB.image())
                .withLabel(LABEL, "tidb")
                .withExposedPorts(TIDB_PORT, TIDB_STATUS_PORT)
                .withCopyToContainer(Transferable.of(config), "/etc/tidb/tidb.toml")
                .withCommand(
                        "--store=unistore",
                        "--path=/var/lib/tidb",
                        "--config=/etc/tidb/tidb.toml",
                        "--log-slow-query=/dev/null")
                .waitingFor(Wait.forHttp("/status").forPort(TIDB_STATUS_PORT))
                .withStartupTimeout(STARTUP);
    }

    /** Creates the upstream's users, as root. */
    static void createUpstreamUsers(GenericContainer<?> server) {
        runScript(root("upstream", server, MYSQL_PORT, ROOT_PASSWORD), "upstream-users.sql");
    }

    /** Creates a downstream's users (MariaDB or TiDB), as root, and TiDB's settings. */
    static void createDownstreamUsers(GenericContainer<?> server, boolean tidb) {
        DatabaseEndpoint root =
                tidb
                        ? root("downstream", server, TIDB_PORT, "")
                        : root("downstream", server, MYSQL_PORT, ROOT_PASSWORD);
        if (tidb) {
            runScript(root, "tidb-settings.sql");
        }
        runScript(root, "downstream-users.sql");
    }

    private static List<String> serverOptions(int serverId) {
        return new ArrayList<>(
                List.of(
                        "--server-id=" + serverId,
                        "--character-set-server=utf8mb4",
                        "--collation-server=utf8mb4_general_ci",
                        "--default-time-zone=+00:00",
                        "--max-connections=500",
                        "--max-allowed-packet=256M",
                        "--innodb-buffer-pool-size=512M",
                        "--innodb-log-file-size=256M",
                        "--innodb-flush-log-at-trx-commit=2",
                        "--skip-name-resolve"));
    }

    private static GenericContainer<?> mysqlProtocol(ServiceImages image, List<String> options) {
        return new GenericContainer<>(image.image())
                .withLabel(LABEL, image.name().toLowerCase(java.util.Locale.ROOT))
                .withExposedPorts(MYSQL_PORT)
                .withEnv("MYSQL_ROOT_PASSWORD", ROOT_PASSWORD)
                .withCommand(options.toArray(String[]::new))
                // The official images and docker/images/mariadb start a server without networking
                // to initialise the data dir ("port: 0") before the real one.
                .waitingFor(Wait.forLogMessage("(?s).*port: " + MYSQL_PORT + "\\s.*", 1))
                .withStartupTimeout(STARTUP);
    }

    private static DatabaseEndpoint root(
            String role, GenericContainer<?> server, int port, String password) {
        return new DatabaseEndpoint(
                role, ContainerServices.HOST, server.getMappedPort(port), "root", password);
    }

    /** Runs the statements of a script, retrying the connection while the server comes up. */
    private static void runScript(DatabaseEndpoint endpoint, String name) {
        List<String> statements = statements(resource(name));
        SQLException last = null;
        for (int attempt = 0; attempt < 50; attempt++) {
            try (Connection connection = Connections.open(endpoint);
                    Statement statement = connection.createStatement()) {
                for (String sql : statements) {
                    statement.execute(sql);
                }
                return;
            } catch (SQLException e) {
                last = e;
                sleep(200);
            }
        }
        throw new IllegalStateException(
                "could not run " + name + " on " + endpoint + ": " + last.getMessage(), last);
    }

    private static List<String> statements(String script) {
        StringBuilder text = new StringBuilder();
        for (String line : script.split("\n")) {
            if (!line.strip().startsWith("--") && !line.startsWith("#")) {
                text.append(line).append('\n');
            }
        }
        List<String> statements = new ArrayList<>();
        for (String statement : text.toString().split(";\\s*\n")) {
            if (!statement.isBlank()) {
                statements.add(statement.strip());
            }
        }
        return statements;
    }

    private static String resource(String name) {
        try (InputStream in = ServiceContainers.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
