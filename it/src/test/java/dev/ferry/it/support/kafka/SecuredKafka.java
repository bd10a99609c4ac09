package dev.ferry.it.support.kafka;

import dev.ferry.it.support.FreePorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A second single-node KRaft broker of one test's own ({@link KraftBroker}): a SASL_SSL listener
 * with SCRAM-SHA-256 (user {@code ferry}, whose password only the test knows), a certificate made
 * with the JDK's keytool, and a plaintext listener for the broker itself.
 */
public final class SecuredKafka implements AutoCloseable {
    public static final String USER = "ferry";

    private final Path directory;
    private final int port;
    private final String password;
    private final KraftBroker broker;

    private SecuredKafka(Path directory, int port, String password, KraftBroker broker) {
        this.directory = directory;
        this.port = port;
        this.password = password;
        this.broker = broker;
    }

    /**
     * Starts the broker under {@code directory}.
     *
     * @param password the SCRAM password of {@link #USER}, also the key stores' password
     */
    public static SecuredKafka start(Path directory, String password)
            throws IOException, InterruptedException {
        Files.createDirectories(directory);
        int port = FreePorts.one();
        keytool(
                directory,
                "-genkeypair",
                "-alias",
                "broker",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=ip:127.0.0.1,dns:localhost",
                "-validity",
                "2",
                "-keystore",
                "broker.p12",
                "-storetype",
                "PKCS12",
                "-storepass",
                password,
                "-keypass",
                password);
        keytool(
                directory,
                "-exportcert",
                "-rfc",
                "-alias",
                "broker",
                "-file",
                "broker.pem",
                "-keystore",
                "broker.p12",
                "-storetype",
                "PKCS12",
                "-storepass",
                password);
        keytool(
                directory,
                "-importcert",
                "-noprompt",
                "-alias",
                "broker",
                "-file",
                "broker.pem",
                "-keystore",
                "truststore.p12",
                "-storetype",
                "PKCS12",
                "-storepass",
                password);
        KraftBroker broker =
                KraftBroker.start(
                        directory,
                        new KraftBroker.ClientListener("SASL_SSL", "SASL_SSL", port, port),
                        List.of(
                                "sasl.enabled.mechanisms=SCRAM-SHA-256",
                                "listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config="
                                        + "org.apache.kafka.common.security.scram.ScramLoginModule"
                                        + " required;",
                                "ssl.keystore.location=" + directory.resolve("broker.p12"),
                                "ssl.keystore.type=PKCS12",
                                "ssl.keystore.password=" + password,
                                "ssl.key.password=" + password),
                        List.of(
                                "--add-scram",
                                "SCRAM-SHA-256=[name=" + USER + ",password=" + password + "]"));
        return new SecuredKafka(directory, port, password, broker);
    }

    /** The SASL_SSL listener. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public Path truststore() {
        return directory.resolve("truststore.p12");
    }

    /**
     * The ferry options that reach this broker as {@code user}, the passwords read from files
     * (${file:...}) so that no option value holds them.
     */
    public Map<String, String> clientOptions(String user, String userPassword) throws IOException {
        Path passwordFile = directory.resolve("sasl-" + user + ".secret");
        Files.writeString(passwordFile, userPassword);
        Path storePassword = directory.resolve("truststore.secret");
        Files.writeString(storePassword, password);
        return Map.of(
                "kafka.bootstrap-servers",
                bootstrapServers(),
                "kafka.properties.security.protocol",
                "SASL_SSL",
                "kafka.properties.sasl.mechanism",
                "SCRAM-SHA-256",
                "kafka.properties.sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required"
                        + " username=\""
                        + user
                        + "\" password=\"${file:"
                        + passwordFile
                        + "}\";",
                "kafka.properties.ssl.truststore.location",
                truststore().toString(),
                "kafka.properties.ssl.truststore.type",
                "PKCS12",
                "kafka.properties.ssl.truststore.password",
                "${file:" + storePassword + "}");
    }

    private static void keytool(Path directory, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        Process process =
                new ProcessBuilder(command)
                        .directory(directory.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(directory.resolve("keytool.log").toFile())
                        .start();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException(
                    "keytool "
                            + arguments[0]
                            + " failed: "
                            + Files.readString(directory.resolve("keytool.log")));
        }
    }

    /** Stops the broker and waits for it. */
    @Override
    public void close() {
        broker.close();
    }
}
