package dev.ferry.it.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A MariaDB of one test's own, a process on a free port with a binlog (so it can be an upstream),
 * that the test may stop and start again on the same port and data: for faults the shared services
 * must not suffer, and for server settings they lack (TLS). Users as {@code bin/services}': {@code
 * ferry_admin}, {@code ferry_cdc}, {@code ferry_apply} (password = name), unless the caller gives
 * its own.
 */
public final class OwnMariaDb implements AutoCloseable {
    public static final String HOST = "127.0.0.1";

    /** The users of bin/services, for {@link #start(Path, int, List, String)}. */
    public static final String USERS =
            "CREATE USER 'ferry_admin'@'%' IDENTIFIED BY 'ferry_admin';"
                    + " GRANT ALL PRIVILEGES ON *.* TO 'ferry_admin'@'%' WITH GRANT OPTION;"
                    + " CREATE USER 'ferry_cdc'@'%' IDENTIFIED BY 'ferry_cdc';"
                    + " GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.*"
                    + " TO 'ferry_cdc'@'%';"
                    + " CREATE USER 'ferry_apply'@'%' IDENTIFIED BY 'ferry_apply';"
                    + " GRANT ALL PRIVILEGES ON *.* TO 'ferry_apply'@'%';";

    private final Path directory;
    private final int port;
    private Process process;

    private OwnMariaDb(Path directory, int port) {
        this.directory = directory;
        this.port = port;
    }

    /** A server with bin/services' users. */
    public static OwnMariaDb start(Path directory, int serverId)
            throws IOException, InterruptedException {
        return start(directory, serverId, List.of(), USERS);
    }

    /**
     * Initialises a data directory under {@code directory} (keep its path short: the server's
     * socket path must stay below 108 bytes) and starts the server.
     *
     * @param serverSettings more {@code [mysqld]} lines
     * @param users statements run as root once the server is up, creating the users
     */
    public static OwnMariaDb start(
            Path directory, int serverId, List<String> serverSettings, String users)
            throws IOException, InterruptedException {
        Files.createDirectories(directory.resolve("data"));
        Files.createDirectories(directory.resolve("binlog"));
        int port = FreePorts.one();
        List<String> cnf =
                new ArrayList<>(
                        List.of(
                                "[mysqld]",
                                "user=" + System.getProperty("user.name"),
                                "basedir=/usr",
                                "datadir=" + directory.resolve("data"),
                                "tmpdir=" + directory,
                                "socket=" + directory.resolve("s.sock"),
                                "pid-file=" + directory.resolve("m.pid"),
                                "log-error=" + directory.resolve("error.log"),
                                "port=" + port,
                                "bind-address=" + HOST,
                                "skip-name-resolve",
                                "server-id=" + serverId,
                                "log-bin=" + directory.resolve("binlog/mysql-bin"),
                                "binlog_format=ROW",
                                "binlog_row_image=FULL",
                                "character-set-server=utf8mb4",
                                "default-time-zone='+00:00'",
                                "innodb_buffer_pool_size=64M",
                                "innodb_log_file_size=48M"));
        cnf.addAll(serverSettings);
        cnf.addAll(
                List.of("", "[client]", "socket=" + directory.resolve("s.sock"), "user=root", ""));
        Files.writeString(
                directory.resolve("my.cnf"), String.join("\n", cnf), StandardCharsets.US_ASCII);
        run(
                directory,
                "mariadb-install-db",
                "--defaults-file=" + directory.resolve("my.cnf"),
                "--auth-root-authentication-method=normal",
                "--skip-test-db");
        OwnMariaDb server = new OwnMariaDb(directory, port);
        try {
            server.start();
            server.rootSql(
                    "DELETE FROM mysql.global_priv WHERE User = ''; FLUSH PRIVILEGES; " + users);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    public int port() {
        return port;
    }

    /** The server as a {@link Downstream} (bin/services' users only). */
    public Downstream asDownstream() {
        return new Downstream("MariaDB of the test's own", HOST, port, false);
    }

    /** Starts the stopped server again, on the same port and data; waits until it answers. */
    public void start() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("mariadbd on port " + port + " is running already");
        }
        process =
                new ProcessBuilder("mariadbd", "--defaults-file=" + directory.resolve("my.cnf"))
                        .redirectErrorStream(true)
                        .redirectOutput(
                                ProcessBuilder.Redirect.appendTo(
                                        directory.resolve("mariadbd.out").toFile()))
                        .start();
        awaitReady();
    }

    /** Stops the server (SIGTERM, a clean shutdown) and waits for it. */
    public void stop() {
        if (process == null) {
            return;
        }
        Processes.stop(process, Duration.ofSeconds(60));
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            if (!process.isAlive()) {
                throw new IOException("mariadbd exited: " + log());
            }
            Process ping =
                    new ProcessBuilder(
                                    "mariadb-admin",
                                    "--defaults-file=" + directory.resolve("my.cnf"),
                                    "--connect-timeout=2",
                                    "ping")
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            if (ping.waitFor(10, TimeUnit.SECONDS) && ping.exitValue() == 0) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("mariadbd not ready after 60 s: " + log());
            }
            Thread.sleep(200);
        }
    }

    private void rootSql(String sql) throws IOException, InterruptedException {
        Path script = directory.resolve("init.sql");
        Files.writeString(script, sql);
        run(
                directory,
                "mariadb",
                "--defaults-file=" + directory.resolve("my.cnf"),
                "--execute=source " + script);
    }

    private String log() {
        try {
            Path log = directory.resolve("error.log");
            return Files.exists(log) ? Files.readString(log) : "(no error.log)";
        } catch (IOException e) {
            return "(error.log unreadable)";
        }
    }

    private static void run(Path directory, String... command)
            throws IOException, InterruptedException {
        Path output = directory.resolve(command[0] + ".log");
        Process process =
                new ProcessBuilder(List.of(command))
                        .redirectErrorStream(true)
                        .redirectOutput(output.toFile())
                        .start();
        if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException(
                    String.join(" ", command) + " failed: " + Files.readString(output));
        }
    }

    @Override
    public void close() {
        stop();
    }
}
