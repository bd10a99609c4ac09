package dev.ferry.it.support.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Certificates a test makes with openssl: a CA, a server certificate it signs for 127.0.0.1 and
 * localhost, a client certificate it signs, and a second CA that signed nothing (the wrong CA).
 */
public final class TestCertificates {
    private final Path directory;

    private TestCertificates(Path directory) {
        this.directory = directory;
    }

    /** Generates everything under {@code directory}. */
    public static TestCertificates generate(Path directory) throws IOException {
        TestCertificates certificates = new TestCertificates(directory);
        certificates.make();
        return certificates;
    }

    public Path ca() {
        return directory.resolve("ca.pem");
    }

    public Path wrongCa() {
        return directory.resolve("other-ca.pem");
    }

    public Path serverCert() {
        return directory.resolve("server.pem");
    }

    public Path serverKey() {
        return directory.resolve("server-key.pem");
    }

    public Path clientCert() {
        return directory.resolve("client.pem");
    }

    public Path clientKey() {
        return directory.resolve("client-key.pem");
    }

    private void make() throws IOException {
        Files.createDirectories(directory);
        selfSigned("ca", "ferry test CA");
        selfSigned("other-ca", "some other CA");
        Files.writeString(
                directory.resolve("server.ext"),
                "subjectAltName=IP:127.0.0.1,DNS:localhost\n",
                StandardCharsets.US_ASCII);
        Files.writeString(directory.resolve("client.ext"), "extendedKeyUsage=clientAuth\n");
        signed("server", "localhost");
        signed("client", "ferry client");
    }

    private void selfSigned(String name, String commonName) throws IOException {
        openssl(
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-keyout",
                name + "-key.pem",
                "-out",
                name + ".pem",
                "-subj",
                "/CN=" + commonName);
    }

    private void signed(String name, String commonName) throws IOException {
        openssl(
                "req",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                name + "-key.pem",
                "-out",
                name + ".csr",
                "-subj",
                "/CN=" + commonName);
        openssl(
                "x509",
                "-req",
                "-in",
                name + ".csr",
                "-CA",
                "ca.pem",
                "-CAkey",
                "ca-key.pem",
                "-CAcreateserial",
                "-days",
                "2",
                "-extfile",
                name + ".ext",
                "-out",
                name + ".pem");
    }

    private void openssl(String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process =
                new ProcessBuilder(command)
                        .directory(directory.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(directory.resolve("openssl.log").toFile())
                        .start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IOException(
                        "openssl "
                                + arguments[0]
                                + " failed: "
                                + Files.readString(directory.resolve("openssl.log")));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
