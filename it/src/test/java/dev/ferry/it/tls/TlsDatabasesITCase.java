package dev.ferry.it.tls;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.checksum.ChecksumCommand;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.CommandOutcome;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.tls.TestCertificates;
import dev.ferry.it.support.tls.TlsMariaDb;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capture, apply and checksum against two MariaDB servers of the test's own that require TLS
 * ({@code require_secure_transport=ON}), with certificates the test generates: the capture and the
 * checksum verify the CA, the apply verifies the host name too and logs in with a client
 * certificate. A plain connection and a wrong CA each stop with one clear line.
 */
class TlsDatabasesITCase {
    @TempDir static Path directory;
    private static TestCertificates certificates;
    private static TlsMariaDb upstream;
    private static TlsMariaDb downstream;

    @BeforeAll
    static void startServers() throws Exception {
        Services.requireRunning();
        certificates = TestCertificates.generate(directory.resolve("certs"));
        upstream = TlsMariaDb.start(directory.resolve("up"), certificates, 11);
        downstream = TlsMariaDb.start(directory.resolve("down"), certificates, 12);
    }

    @AfterAll
    static void stopServers() {
        if (upstream != null) {
            upstream.close();
        }
        if (downstream != null) {
            downstream.close();
        }
    }

    @Test
    void captureApplyAndChecksumOverVerifiedTls(@TempDir Path checkpoints) throws Exception {
        try (TestDatabase db = TestDatabase.create("tls");
                RunningJobs jobs = new RunningJobs()) {
            String table = "`" + db.name() + "`.t";
            Sql.execute(
                    upstream.admin("upstream"),
                    "CREATE DATABASE `" + db.name() + "`",
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(20))",
                    "INSERT INTO " + table + " VALUES (1, 'one'), (2, 'two'), (3, 'three')");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            Configuration capture = pipeline.captureOptions();
            capture.setString("upstream.port", String.valueOf(upstream.port()));
            capture.setString("upstream.tls.ca", certificates.ca().toString()); // verify_ca
            Configuration apply = pipeline.applyOptions();
            apply.setString("downstream.port", String.valueOf(downstream.port()));
            apply.setString("downstream.tls.mode", "verify_identity");
            apply.setString("downstream.tls.ca", certificates.ca().toString());
            apply.setString("downstream.tls.cert", certificates.clientCert().toString());
            apply.setString("downstream.tls.key", certificates.clientKey().toString());
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());

            awaitChecksumEqual(db.name(), jobs); // the snapshot
            Sql.execute(
                    upstream.admin("upstream"),
                    "UPDATE " + table + " SET v = 'uno' WHERE id = 1",
                    "DELETE FROM " + table + " WHERE id = 2",
                    "INSERT INTO " + table + " VALUES (4, 'four')");
            String report = awaitChecksumEqual(db.name(), jobs); // the binlog
            assertThat(report).contains(db.name() + ".t: 3 rows, equal");
        }
    }

    @Test
    void aPlainConnectionIsRefusedClearly() {
        CommandOutcome outcome = capture("--upstream.tls.mode", "disabled");

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(2);
        assertThat(outcome.err())
                .contains("over a plain connection (upstream.tls.mode is 'disabled')")
                .contains("require_secure_transport=ON")
                .contains("set upstream.tls.mode to verify_ca with upstream.tls.ca")
                .doesNotContain("\tat ");
    }

    @Test
    void aWrongCaIsRefusedClearly() {
        CommandOutcome outcome = capture("--upstream.tls.ca", certificates.wrongCa().toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(2);
        assertThat(outcome.err())
                .contains("TLS handshake failed")
                .contains("not signed by a CA in upstream.tls.ca")
                .doesNotContain("\tat ");
    }

    @Test
    void theChecksumCommandRefusesAWrongCa() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code =
                ChecksumCommand.run(
                        checksumArguments("mysql", certificates.wrongCa()),
                        new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(code).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8))
                .startsWith("error: TLS handshake with source 127.0.0.1:" + upstream.port())
                .contains("Give the CA that signed the server's certificate in --source-tls-ca");
    }

    private static String awaitChecksumEqual(String database, RunningJobs jobs) {
        AtomicReference<String> last = new AtomicReference<>("");
        Await.until(
                "the checksum over TLS to find " + database + " equal",
                Duration.ofMinutes(2),
                () -> {
                    jobs.assertRunning();
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    int code =
                            ChecksumCommand.run(
                                    checksumArguments(database, certificates.ca()),
                                    new PrintStream(out, true, StandardCharsets.UTF_8));
                    last.set(out.toString(StandardCharsets.UTF_8));
                    return code == 0;
                },
                last::get);
        return last.get();
    }

    private static String[] checksumArguments(String database, Path ca) {
        return new String[] {
            "--source-url",
            "jdbc:mysql://127.0.0.1:" + upstream.port() + "/",
            "--source-user",
            "ferry_admin",
            "--source-password",
            "ferry_admin",
            "--source-tls-ca",
            ca.toString(),
            "--target-url",
            "jdbc:mysql://127.0.0.1:" + downstream.port() + "/",
            "--target-user",
            "ferry_admin",
            "--target-password",
            "ferry_admin",
            "--target-tls-mode",
            "verify_identity",
            "--target-tls-ca",
            ca.toString(),
            "--database",
            database
        };
    }

    private static CommandOutcome capture(String... overrides) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "capture",
                                "--upstream.hostname",
                                TlsMariaDb.HOST,
                                "--upstream.port",
                                String.valueOf(upstream.port()),
                                "--upstream.username",
                                "ferry_admin",
                                "--upstream.password",
                                "ferry_admin",
                                "--upstream.tables",
                                "mysql.db",
                                "--kafka.bootstrap-servers",
                                Services.KAFKA,
                                "--job.checkpoint-dir",
                                directory.resolve("checkpoints").toString()));
        args.addAll(List.of(overrides));
        return CommandOutcome.run(args);
    }
}
