package dev.ferry.jdbc.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** PEM files become the PKCS12 key stores the drivers read; keys never show. */
class TlsConfigTest {
    static String pem(String name) {
        try (InputStream in = TlsConfigTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static KeyStore load(Properties properties, String prefix) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in =
                Files.newInputStream(
                        Path.of(URI.create(properties.getProperty(prefix + "KeyStoreUrl"))))) {
            store.load(in, properties.getProperty(prefix + "KeyStorePassword").toCharArray());
        }
        return store;
    }

    @Test
    void preferredByDefaultWithoutKeyStores() {
        Properties properties = TlsConfig.PREFERRED.driverProperties();

        assertThat(properties).containsEntry("sslMode", "PREFERRED").hasSize(1);
    }

    @Test
    void theCaBecomesATrustStoreAndTheClientPairAKeyStore() throws Exception {
        TlsConfig tls =
                new TlsConfig(
                        TlsMode.VERIFY_CA, pem("ca.pem"), pem("client.pem"), pem("client-key.pem"));

        Properties properties = tls.driverProperties();

        assertThat(properties).containsEntry("sslMode", "VERIFY_CA");
        KeyStore trust = load(properties, "trustCertificate");
        assertThat(trust.isCertificateEntry("ca-0")).isTrue();
        KeyStore client = load(properties, "clientCertificate");
        assertThat(client.isKeyEntry("client")).isTrue();
        assertThat(
                        Files.getPosixFilePermissions(
                                Path.of(
                                        URI.create(
                                                properties.getProperty(
                                                        "clientCertificateKeyStoreUrl")))))
                .hasSize(2);
    }

    @Test
    void theSameConfigurationWritesTheSameStoresAgain() {
        TlsConfig tls = new TlsConfig(TlsMode.VERIFY_CA, pem("ca.pem"), null, null);

        assertThat(tls.driverProperties()).isEqualTo(tls.driverProperties());
    }

    @Test
    void debeziumGetsItsSslSettingsAndTheDriversPrefixed() {
        TlsConfig tls =
                new TlsConfig(
                        TlsMode.VERIFY_IDENTITY,
                        pem("ca.pem"),
                        pem("client.pem"),
                        pem("client-key.pem"));

        Properties properties = tls.debeziumProperties();

        assertThat(properties)
                .containsEntry("database.ssl.mode", "verify_identity")
                .containsEntry("database.sslMode", "VERIFY_IDENTITY")
                .containsKeys(
                        "database.ssl.truststore",
                        "database.ssl.truststore.password",
                        "database.ssl.keystore",
                        "database.ssl.keystore.password");
    }

    @Test
    void aPkcs1RsaKeyIsRead() {
        assertThat(PemFiles.privateKey(pem("client-key-pkcs1.pem"), "key").getAlgorithm())
                .isEqualTo("RSA");
    }

    @Test
    void aKeyFormJavaCannotReadGetsTheConversionCommand() {
        assertThatThrownBy(() -> PemFiles.privateKey(pem("ec-key-sec1.pem"), "the client key"))
                .isInstanceOf(TlsConfigException.class)
                .hasMessageContaining("openssl pkcs8 -topk8 -nocrypt")
                .hasMessageNotContaining("MHc"); // the key's base64 never shows
    }

    @Test
    void toStringShowsNoKey() {
        TlsConfig tls =
                new TlsConfig(
                        TlsMode.REQUIRED, pem("ca.pem"), pem("client.pem"), pem("client-key.pem"));

        assertThat(tls.toString())
                .isEqualTo("TLS required, CA given, client certificate given")
                .doesNotContain("PRIVATE");
    }
}
