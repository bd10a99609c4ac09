package dev.ferry.it.support.tls;

import dev.ferry.it.support.FreePorts;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jdbc.tls.TlsConfig;
import dev.ferry.jdbc.tls.TlsMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A MariaDB of one test's own, started as a process on a free port with {@code
 * require_secure_transport=ON} and the test's certificates, with a binlog (so it can be an
 * upstream) and the services' users: {@code ferry_admin}, {@code ferry_cdc} and {@code ferry_apply}
 * (password = name), the latter two also over TLS only, {@code ferry_apply} with a client
 * certificate signed by the test CA ({@code REQUIRE X509}).
 */
public final class TlsMariaDb implements AutoCloseable {
    public static final String HOST = "127.0.0.1";

    private final Path directory;
    private final TestCertificates certificates;
    private final int port;
    private final Process process;

    private TlsMariaDb(Path directory, TestCertificates certificates, int port, Process process) {
        this.directory = directory;
        this.certificates = certificates;
        this.port = port;
        this.process = process;
    }

    /**
     * Initialises a data directory under {@code directory} (keep its path short: the server's
     * socket path must stay below 108 bytes) and starts the server.
     */
    public static TlsMariaDb start(Path directory, TestCertificates certificates, int serverId)
            throws IOException, InterruptedException {
        Files.createDirectories(directory.resolve("data"));
        Files.createDirectories(directory.resolve("binlog"));
        int port = FreePorts.one();
        Path cnf = directory.resolve("my.cnf");
        Files.writeString(
                cnf,
                String.join(
                        "\n",
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
                        "innodb_log_file_size=48M",
                        "ssl-ca=" + certificates.ca(),
                        "ssl-cert=" + certificates.serverCert(),
                        "ssl-key=" + certificates.serverKey(),
                        "require_secure_transport=ON",
                        "",
                        "[client]",
                        "socket=" + directory.resolve("s.sock"),
                        "user=root",
                        ""),
                StandardCharsets.US_ASCII);
        run(
                directory,
                "mariadb-install-db",
                "--defaults-file=" + cnf,
                "--auth-root-authentication-method=normal",
                "--skip-test-db");
        Process process =
                new ProcessBuilder("mariadbd", "--defaults-file=" + cnf)
                        .redirectErrorStream(true)
                        .redirectOutput(directory.resolve("mariadbd.out").toFile())
                        .start();
        TlsMariaDb server = new TlsMariaDb(directory, certificates, port, process);
        try {
            server.awaitReady();
            server.rootSql(
                    "DELETE FROM mysql.global_priv WHERE User = ''; FLUSH PRIVILEGES;"
                            + " CREATE USER 'ferry_admin'@'%' IDENTIFIED BY 'ferry_admin';"
                            + " GRANT ALL PRIVILEGES ON *.* TO 'ferry_admin'@'%';"
                            + " CREATE USER 'ferry_cdc'@'%' IDENTIFIED BY 'ferry_cdc' REQUIRE SSL;"
                            + " GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.*"
                            + " TO 'ferry_cdc'@'%';"
                            + " CREATE USER 'ferry_apply'@'%' IDENTIFIED BY 'ferry_apply'"
                            + " REQUIRE X509;"
                            + " GRANT ALL PRIVILEGES ON *.* TO 'ferry_apply'@'%';");
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    public int port() {
        return port;
    }

    public TestCertificates certificates() {
        return certificates;
    }

    /** TLS verifying the test CA, without a client certificate. */
    public TlsConfig verifyCa() {
        return new TlsConfig(TlsMode.VERIFY_CA, read(certificates.ca()), null, null);
    }

    /** TLS verifying the test CA, with the client certificate. */
    public TlsConfig verifyCaWithClientCertificate() {
        return new TlsConfig(
                TlsMode.VERIFY_CA,
                read(certificates.ca()),
                read(certificates.clientCert()),
                read(certificates.clientKey()));
    }

    /** The admin over TLS verifying the test CA, for a test's own statements. */
    public DatabaseEndpoint admin(String role) {
        return new DatabaseEndpoint(role, HOST, port, "ferry_admin", "ferry_admin", verifyCa());
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

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server (SIGTERM, a clean shutdown) and waits for it. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
