package dev.ferry.jdbc.tls;

import java.io.Serializable;
import java.util.Properties;

/**
 * How one kind of database connection uses TLS: the mode and, as PEM text, the CA certificates and
 * the client certificate and key. The files are read once where the job is configured and travel
 * with the job, so that every JVM that connects (TaskManagers included) can write the key stores
 * the drivers read ({@link TlsKeyStores}). {@link #toString()} shows no key.
 */
public record TlsConfig(TlsMode mode, String caPem, String certPem, String keyPem)
        implements Serializable {

    /** The MySQL clients' default: TLS when the server offers it, without verification. */
    public static final TlsConfig PREFERRED = new TlsConfig(TlsMode.PREFERRED, null, null, null);

    /** Connector/J's properties for this configuration (sslMode and the key stores). */
    public Properties driverProperties() {
        Properties properties = new Properties();
        properties.setProperty("sslMode", mode.name());
        if (mode == TlsMode.DISABLED) {
            return properties;
        }
        if (caPem != null) {
            TlsKeyStores.Store trust = TlsKeyStores.trustStore(caPem);
            properties.setProperty("trustCertificateKeyStoreUrl", trust.url());
            properties.setProperty("trustCertificateKeyStoreType", "PKCS12");
            properties.setProperty("trustCertificateKeyStorePassword", trust.password());
            properties.setProperty("fallbackToSystemTrustStore", "false");
        }
        if (certPem != null && keyPem != null) {
            TlsKeyStores.Store client = TlsKeyStores.keyStore(certPem, keyPem);
            properties.setProperty("clientCertificateKeyStoreUrl", client.url());
            properties.setProperty("clientCertificateKeyStoreType", "PKCS12");
            properties.setProperty("clientCertificateKeyStorePassword", client.password());
            properties.setProperty("fallbackToSystemKeyStore", "false");
        }
        return properties;
    }

    /**
     * Debezium's properties: {@code database.ssl.*} for the binlog client, and the driver's
     * properties prefixed {@code database.} for Debezium's own JDBC connections.
     */
    public Properties debeziumProperties() {
        Properties properties = new Properties();
        properties.setProperty("database.ssl.mode", mode.optionValue());
        Properties driver = driverProperties();
        driver.stringPropertyNames()
                .forEach(
                        name ->
                                properties.setProperty(
                                        "database." + name, driver.getProperty(name)));
        if (mode != TlsMode.DISABLED && caPem != null) {
            TlsKeyStores.Store trust = TlsKeyStores.trustStore(caPem);
            properties.setProperty("database.ssl.truststore", trust.path().toString());
            properties.setProperty("database.ssl.truststore.password", trust.password());
        }
        if (mode != TlsMode.DISABLED && certPem != null && keyPem != null) {
            TlsKeyStores.Store client = TlsKeyStores.keyStore(certPem, keyPem);
            properties.setProperty("database.ssl.keystore", client.path().toString());
            properties.setProperty("database.ssl.keystore.password", client.password());
        }
        return properties;
    }

    /** Writes the key stores in this JVM, where a connection is about to be made. */
    public void prepare() {
        driverProperties();
    }

    @Override
    public String toString() {
        return "TLS "
                + mode.optionValue()
                + (caPem != null ? ", CA given" : "")
                + (certPem != null ? ", client certificate given" : "");
    }
}
