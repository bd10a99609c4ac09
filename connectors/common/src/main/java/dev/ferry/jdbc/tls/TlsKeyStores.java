package dev.ferry.jdbc.tls;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.util.HexFormat;
import java.util.List;

/**
 * Writes PEM material as the PKCS12 key stores that Connector/J and Debezium read, in a directory
 * of the user's under {@code java.io.tmpdir}. A store's name and password derive from its contents,
 * so every JVM of a job (client, JobManager, TaskManagers) writes the same file at the same path
 * from the same configuration, and writing it again is harmless.
 */
final class TlsKeyStores {
    /** A key store on disk. */
    record Store(Path path, String password) {
        String url() {
            return path.toUri().toString();
        }
    }

    private TlsKeyStores() {}

    static Store trustStore(String caPem) {
        return write(
                "trust",
                caPem,
                (store, password) -> {
                    List<Certificate> certificates = PemFiles.certificates(caPem, "the CA file");
                    for (int i = 0; i < certificates.size(); i++) {
                        store.setCertificateEntry("ca-" + i, certificates.get(i));
                    }
                });
    }

    static Store keyStore(String certPem, String keyPem) {
        return write(
                "client",
                certPem + keyPem,
                (store, password) ->
                        store.setKeyEntry(
                                "client",
                                PemFiles.privateKey(keyPem, "the client key file"),
                                password,
                                PemFiles.certificates(certPem, "the client certificate file")
                                        .toArray(Certificate[]::new)));
    }

    private interface Filler {
        void fill(KeyStore store, char[] password) throws GeneralSecurityException;
    }

    private static synchronized Store write(String kind, String contents, Filler filler) {
        String digest = sha256(kind + "\n" + contents);
        Path directory =
                Path.of(
                        System.getProperty("java.io.tmpdir"),
                        "ferry-tls-" + System.getProperty("user.name", "user"));
        Path path = directory.resolve(kind + "-" + digest.substring(0, 32) + ".p12");
        // Protects the file's key like its permissions do; anyone who can read the PEM can derive
        // it.
        String password = sha256("password\n" + digest).substring(0, 32);
        if (Files.isReadable(path)) {
            return new Store(path, password);
        }
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            filler.fill(store, password.toCharArray());
            createPrivateDirectory(directory);
            Path temporary = Files.createTempFile(directory, kind, ".tmp");
            ownerOnly(temporary);
            try (OutputStream out = Files.newOutputStream(temporary)) {
                store.store(out, password.toCharArray());
            }
            Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE);
            return new Store(path, password);
        } catch (GeneralSecurityException e) {
            throw new TlsConfigException("cannot build a TLS key store: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a TLS key store under " + directory, e);
        }
    }

    private static void createPrivateDirectory(Path directory) throws IOException {
        Files.createDirectories(directory);
        ownerOnly(directory);
    }

    private static void ownerOnly(Path path) throws IOException {
        try {
            Files.setPosixFilePermissions(
                    path,
                    PosixFilePermissions.fromString(
                            Files.isDirectory(path) ? "rwx------" : "rw-------"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: the platform's defaults apply.
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(
                            MessageDigest.getInstance("SHA-256")
                                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
