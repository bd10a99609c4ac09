package dev.ferry.it.support;

import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.testing.services.ContainerServices;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Locale;

/**
 * The real services the integration tests run against, once per test JVM. By default they are
 * containers started through Testcontainers on first use ({@link ContainerServices}, images: {@code
 * ServiceImages}); with {@code FERRY_SERVICES=local} (or {@code -Dferry.services=local}) they are
 * the processes of {@code bin/services start}, on the ports of the same FERRY_* variables. A test
 * fails, never skips, when one is down.
 *
 * <p>The downstream is the MariaDB stand-in unless a test class runs on TiDB ({@link OnTidb}):
 * {@link #downstreamAdmin()} and {@link #downstreamApply()} follow {@link #downstream()}, while
 * {@link #DOWNSTREAM_PORT} is always the MariaDB one.
 */
public final class Services {
    public static final String HOST = ContainerServices.HOST;

    private static final boolean LOCAL =
            "local".equals(setting("ferry.services", "FERRY_SERVICES"));
    private static final ContainerServices CONTAINERS = LOCAL ? null : ContainerServices.start();

    public static final int UPSTREAM_PORT =
            LOCAL ? port("FERRY_UPSTREAM_PORT", 3307) : CONTAINERS.upstreamPort();

    /** The MariaDB downstream's port (a TiDB downstream's is {@code downstream().port()}). */
    public static final int DOWNSTREAM_PORT =
            LOCAL ? port("FERRY_DOWNSTREAM_PORT", 3308) : CONTAINERS.downstreamPort();

    public static final int KAFKA_PORT =
            LOCAL ? port("FERRY_KAFKA_PORT", 9092) : CONTAINERS.kafkaPort();
    public static final String KAFKA = HOST + ":" + KAFKA_PORT;

    /** The upstream {@link #upstreamAdmin()} and friends return: the shared one by default. */
    private static volatile int upstreamPort = UPSTREAM_PORT;

    private static final Downstream MARIADB =
            new Downstream("MariaDB", HOST, DOWNSTREAM_PORT, false);
    private static volatile Downstream current = MARIADB;

    private Services() {}

    /** The upstream as the tests' admin (creates databases, loads data, runs workloads). */
    public static DatabaseEndpoint upstreamAdmin() {
        return new DatabaseEndpoint("upstream", HOST, upstreamPort, "ferry_admin", "ferry_admin");
    }

    /** The upstream as the least-privilege capture user. */
    public static DatabaseEndpoint upstreamCdc() {
        return new DatabaseEndpoint("upstream", HOST, upstreamPort, "ferry_cdc", "ferry_cdc");
    }

    /** The current downstream as the tests' admin. */
    public static DatabaseEndpoint downstreamAdmin() {
        return current.admin();
    }

    /** The current downstream as the apply job's user. */
    public static DatabaseEndpoint downstreamApply() {
        return current.apply();
    }

    /** The downstream the running test class writes to. */
    public static Downstream downstream() {
        return current;
    }

    /** The MariaDB stand-in for TiDB. */
    public static Downstream mariadb() {
        return MARIADB;
    }

    /**
     * The shared TiDB: a container started on first use, or with {@code FERRY_SERVICES=local} a
     * tidb-server on {@code FERRY_TIDB_PORT} with the same users.
     */
    public static Downstream tidb() {
        if (!LOCAL) {
            return new Downstream("TiDB", HOST, CONTAINERS.tidbPort(), true);
        }
        String port = System.getenv("FERRY_TIDB_PORT");
        if (port == null || port.isBlank()) {
            throw new IllegalStateException(
                    "the TiDB tests need a TiDB: run them with containers (unset FERRY_SERVICES),"
                            + " or start a tidb-server with the users of bin/services and set"
                            + " FERRY_TIDB_PORT");
        }
        return new Downstream("TiDB", HOST, Integer.parseInt(port.strip()), true);
    }

    /**
     * A TiDB of the caller's own that rejects transactions above {@code txnTotalSizeLimit} bytes
     * (TiDB's {@code performance.txn-total-size-limit}); needs containers.
     */
    public static Downstream tidbWithTxnTotalSizeLimit(long txnTotalSizeLimit) {
        if (LOCAL) {
            throw new IllegalStateException(
                    "a TiDB with its own txn-total-size-limit needs containers: unset FERRY_SERVICES");
        }
        return new Downstream("TiDB", HOST, ContainerServices.startTidb(txnTotalSizeLimit), true);
    }

    /**
     * Makes a server of the test's own on {@code port} (with bin/services' users, {@link
     * OwnMariaDb}) the upstream of {@link #upstreamAdmin()}, {@link #upstreamCdc()} and new {@link
     * Pipeline}s; {@code useUpstream(UPSTREAM_PORT)} goes back to the shared one.
     */
    public static void useUpstream(int port) {
        upstreamPort = port;
    }

    /** Makes {@code downstream} the one {@link #downstreamAdmin()} and friends return. */
    public static void useDownstream(Downstream downstream) {
        current = downstream;
    }

    /** Fails with what to do when a service does not answer. */
    public static void requireRunning() {
        require("upstream", UPSTREAM_PORT);
        require("downstream " + current.name(), current.port());
        require("Kafka", KAFKA_PORT);
    }

    private static void require(String name, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, port), 2000);
        } catch (Exception e) {
            throw new IllegalStateException(
                    name
                            + " is not reachable on "
                            + HOST
                            + ":"
                            + port
                            + (LOCAL
                                    ? ": run bin/services start"
                                    : ": its container stopped (see the test log)"));
        }
    }

    private static int port(String variable, int fallback) {
        String value = System.getenv(variable);
        return value == null || value.isBlank() ? fallback : Integer.parseInt(value.strip());
    }

    private static String setting(String property, String variable) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(variable);
        }
        return value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    }
}
