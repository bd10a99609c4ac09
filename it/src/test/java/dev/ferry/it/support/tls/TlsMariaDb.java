package dev.ferry.it.support.tls;

import dev.ferry.it.support.OwnMariaDb;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jdbc.tls.TlsConfig;
import dev.ferry.jdbc.tls.TlsMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A MariaDB of one test's own ({@link OwnMariaDb}) with {@code require_secure_transport=ON} and the
 * test's certificates, and the services' users: {@code ferry_admin}, {@code ferry_cdc} and {@code
 * ferry_apply} (password = name), the latter two also over TLS only, {@code ferry_apply} with a
 * client certificate signed by the test CA ({@code REQUIRE X509}).
 */
public final class TlsMariaDb implements AutoCloseable {
    public static final String HOST = OwnMariaDb.HOST;

    private final OwnMariaDb server;
    private final TestCertificates certificates;

    private TlsMariaDb(OwnMariaDb server, TestCertificates certificates) {
        this.server = server;
        this.certificates = certificates;
    }

    /**
     * Initialises a data directory under {@code directory} (keep its path short: the server's
     * socket path must stay below 108 bytes) and starts the server.
     */
    public static TlsMariaDb start(Path directory, TestCertificates certificates, int serverId)
            throws IOException, InterruptedException {
        OwnMariaDb server =
                OwnMariaDb.start(
                        directory,
                        serverId,
                        List.of(
                                "ssl-ca=" + certificates.ca(),
                                "ssl-cert=" + certificates.serverCert(),
                                "ssl-key=" + certificates.serverKey(),
                                "require_secure_transport=ON"),
                        "CREATE USER 'ferry_admin'@'%' IDENTIFIED BY 'ferry_admin';"
                                + " GRANT ALL PRIVILEGES ON *.* TO 'ferry_admin'@'%';"
                                + " CREATE USER 'ferry_cdc'@'%' IDENTIFIED BY 'ferry_cdc'"
                                + " REQUIRE SSL;"
                                + " GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT"
                                + " ON *.* TO 'ferry_cdc'@'%';"
                                + " CREATE USER 'ferry_apply'@'%' IDENTIFIED BY 'ferry_apply'"
                                + " REQUIRE X509;"
                                + " GRANT ALL PRIVILEGES ON *.* TO 'ferry_apply'@'%';");
        return new TlsMariaDb(server, certificates);
    }

    public int port() {
        return server.port();
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
        return new DatabaseEndpoint(
                role, HOST, server.port(), "ferry_admin", "ferry_admin", verifyCa());
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
        server.close();
    }
}
