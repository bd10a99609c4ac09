package dev.ferry.it.support;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * The real services the integration tests run against, started once by {@code bin/services start}
 * (ports from the same FERRY_* variables). A test fails, never skips, when one is down.
 */
public final class Services {
    public static final String HOST = "127.0.0.1";
    public static final int UPSTREAM_PORT = port("FERRY_UPSTREAM_PORT", 3307);
    public static final int DOWNSTREAM_PORT = port("FERRY_DOWNSTREAM_PORT", 3308);
    public static final int KAFKA_PORT = port("FERRY_KAFKA_PORT", 9092);
    public static final String KAFKA = HOST + ":" + KAFKA_PORT;

    private Services() {}

    /** The upstream as the tests' admin (creates databases, loads data, runs workloads). */
    public static DatabaseEndpoint upstreamAdmin() {
        return new DatabaseEndpoint("upstream", HOST, UPSTREAM_PORT, "ferry_admin", "ferry_admin");
    }

    /** The upstream as the least-privilege capture user. */
    public static DatabaseEndpoint upstreamCdc() {
        return new DatabaseEndpoint("upstream", HOST, UPSTREAM_PORT, "ferry_cdc", "ferry_cdc");
    }

    public static DatabaseEndpoint downstreamAdmin() {
        return new DatabaseEndpoint(
                "downstream", HOST, DOWNSTREAM_PORT, "ferry_admin", "ferry_admin");
    }

    public static DatabaseEndpoint downstreamApply() {
        return new DatabaseEndpoint(
                "downstream", HOST, DOWNSTREAM_PORT, "ferry_apply", "ferry_apply");
    }

    /** Fails with the command to run when a service does not answer. */
    public static void requireRunning() {
        require("upstream MariaDB", UPSTREAM_PORT);
        require("downstream MariaDB", DOWNSTREAM_PORT);
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
                            + ": run bin/services start");
        }
    }

    private static int port(String variable, int fallback) {
        String value = System.getenv(variable);
        return value == null || value.isBlank() ? fallback : Integer.parseInt(value.strip());
    }
}
