package dev.ferry.it.support.kafka;

import dev.ferry.it.support.FreePorts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A second single-node KRaft broker of one test's own, started as a process from the jars {@code
 * bin/services} fetched (as bin/lib/kafka.sh starts the shared one): a SASL_SSL listener with
 * SCRAM-SHA-256 (user {@code ferry}, whose password only the test knows), a certificate made with
 * the JDK's keytool, and a plaintext listener for the broker itself.
 */
public final class SecuredKafka implements AutoCloseable {
    public static final String USER = "ferry";

    private final Path directory;
    private final int port;
    private final String password;
    private final Process process;

    private SecuredKafka(Path directory, int port, String password, Process process) {
        this.directory = directory;
        this.port = port;
        this.password = password;
        this.process = process;
    }

    /**
     * Starts the broker under {@code directory}.
     *
     * @param password the SCRAM password of {@link #USER}, also the key stores' password
     */
    public static SecuredKafka start(Path directory, String password)
            throws IOException, InterruptedException {
        Path libs = libs();
        Files.createDirectories(directory.resolve("data"));
        int port = FreePorts.one();
        int internal = FreePorts.one();
        int controller = FreePorts.one();
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
        Path config = directory.resolve("server.properties");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "process.roles=broker,controller",
                        "node.id=1",
                        "controller.quorum.voters=1@127.0.0.1:" + controller,
                        "listeners=INTERNAL://127.0.0.1:"
                                + internal
                                + ",SASL_SSL://127.0.0.1:"
                                + port
                                + ",CONTROLLER://127.0.0.1:"
                                + controller,
                        "advertised.listeners=INTERNAL://127.0.0.1:"
                                + internal
                                + ",SASL_SSL://127.0.0.1:"
                                + port,
                        "inter.broker.listener.name=INTERNAL",
                        "controller.listener.names=CONTROLLER",
                        "listener.security.protocol.map="
                                + "CONTROLLER:PLAINTEXT,INTERNAL:PLAINTEXT,SASL_SSL:SASL_SSL",
                        "sasl.enabled.mechanisms=SCRAM-SHA-256",
                        "listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config="
                                + "org.apache.kafka.common.security.scram.ScramLoginModule"
                                + " required;",
                        "ssl.keystore.location=" + directory.resolve("broker.p12"),
                        "ssl.keystore.type=PKCS12",
                        "ssl.keystore.password=" + password,
                        "ssl.key.password=" + password,
                        "log.dirs=" + directory.resolve("data"),
                        "num.partitions=1",
                        "offsets.topic.replication.factor=1",
                        "transaction.state.log.replication.factor=1",
                        "transaction.state.log.min.isr=1",
                        "transaction.max.timeout.ms=3600000",
                        "group.initial.rebalance.delay.ms=0",
                        "message.max.bytes=67108864",
                        ""),
                StandardCharsets.US_ASCII);
        java(
                directory,
                libs,
                "format.log",
                true,
                "kafka.tools.StorageTool",
                "format",
                "--cluster-id",
                org.apache.kafka.common.Uuid.randomUuid().toString(),
                "--config",
                config.toString(),
                "--ignore-formatted",
                "--add-scram",
                "SCRAM-SHA-256=[name=" + USER + ",password=" + password + "]");
        Process process =
                java(directory, libs, "broker.log", false, "kafka.Kafka", config.toString());
        SecuredKafka kafka = new SecuredKafka(directory, port, password, process);
        kafka.awaitListening();
        return kafka;
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

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            if (!process.isAlive()) {
                throw new IOException("the secured broker exited: " + tail("broker.log"));
            }
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("the secured broker is not listening after 90 s");
                }
                Thread.sleep(300);
            }
        }
    }

    private String tail(String log) throws IOException {
        List<String> lines = Files.readAllLines(directory.resolve(log));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    /** The broker jars bin/services fetched into its run folder. */
    static Path libs() throws IOException {
        String runDir = System.getenv("FERRY_RUN_DIR");
        Path libs =
                (runDir == null || runDir.isBlank() ? Path.of("..", "run") : Path.of(runDir))
                        .resolve("kafka/libs");
        if (!Files.isRegularFile(libs.resolve(".complete"))) {
            throw new IOException(
                    "no Kafka jars under " + libs + ": run bin/services start (it fetches them)");
        }
        return libs;
    }

    /** A Kafka tool or the broker, from {@code libs}, its output in {@code log}. */
    static Process java(Path directory, Path libs, String log, boolean wait, String... arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx384m");
        command.add("-Dlog4j.configuration=file:" + writeLog4j(directory));
        command.add("-cp");
        command.add(libs.toAbsolutePath() + "/*");
        command.addAll(List.of(arguments));
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(directory.resolve(log).toFile())
                        .start();
        if (wait) {
            if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IOException(
                        arguments[0] + " failed: " + Files.readString(directory.resolve(log)));
            }
        }
        return process;
    }

    private static Path writeLog4j(Path directory) throws IOException {
        Path file = directory.resolve("log4j.properties");
        Files.writeString(
                file,
                "log4j.rootLogger=INFO, out\n"
                        + "log4j.appender.out=org.apache.log4j.ConsoleAppender\n"
                        + "log4j.appender.out.layout=org.apache.log4j.PatternLayout\n"
                        + "log4j.appender.out.layout.ConversionPattern=[%d] %p %m (%c)%n\n");
        return file;
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
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
