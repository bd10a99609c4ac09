package dev.ferry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.jdbc.tls.TlsConfig;
import dev.ferry.jdbc.tls.TlsMode;
import dev.ferry.options.TlsOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsSettingsTest {
    @TempDir Path directory;

    private Path file(String name) throws Exception {
        Path path = directory.resolve(name);
        Files.writeString(path, "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n");
        return path;
    }

    @Test
    void preferredWhenNothingIsSet() {
        TlsConfig tls = TlsSettings.read(new Configuration(), TlsOptions.UPSTREAM);

        assertThat(tls).isEqualTo(TlsConfig.PREFERRED);
    }

    @Test
    void aCaAloneMeansVerifyCa() throws Exception {
        Configuration options = new Configuration();
        options.setString("downstream.tls.ca", file("ca.pem").toString());

        TlsConfig tls = TlsSettings.read(options, TlsOptions.DOWNSTREAM);

        assertThat(tls.mode()).isEqualTo(TlsMode.VERIFY_CA);
        assertThat(tls.caPem()).startsWith("-----BEGIN CERTIFICATE-----");
    }

    @Test
    void anUnknownModeNamesTheOptionAndTheModes() {
        Configuration options = new Configuration();
        options.setString("saga.participant-tls.mode", "verify");

        assertThatThrownBy(() -> TlsSettings.read(options, TlsOptions.PARTICIPANTS))
                .isInstanceOf(FerryConfigException.class)
                .hasMessage(
                        "saga.participant-tls.mode must be one of disabled, preferred, required,"
                                + " verify_ca, verify_identity, but is 'verify'.");
    }

    @Test
    void aCertificateWithoutItsKeyIsRefused() throws Exception {
        Configuration options = new Configuration();
        options.setString("upstream.tls.cert", file("client.pem").toString());

        assertThatThrownBy(() -> TlsSettings.read(options, TlsOptions.UPSTREAM))
                .hasMessageStartingWith("upstream.tls.key is missing");
    }

    @Test
    void anUnreadableFileNamesTheOption() {
        Configuration options = new Configuration();
        options.setString("upstream.tls.ca", directory.resolve("nope.pem").toString());

        assertThatThrownBy(() -> TlsSettings.read(options, TlsOptions.UPSTREAM))
                .hasMessageStartingWith("upstream.tls.ca: cannot read")
                .hasMessageContaining("nope.pem");
    }

    @Test
    void filesWithTlsDisabledAreAContradiction() throws Exception {
        Configuration options = new Configuration();
        options.setString("upstream.tls.mode", "disabled");
        options.setString("upstream.tls.ca", file("ca.pem").toString());

        assertThatThrownBy(() -> TlsSettings.read(options, TlsOptions.UPSTREAM))
                .hasMessageContaining("upstream.tls.mode is 'disabled', but TLS files are set");
    }
}
