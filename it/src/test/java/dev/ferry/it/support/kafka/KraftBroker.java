package dev.ferry.it.support.kafka;

import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Processes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.Uuid;

/**
 * A single-node KRaft broker of one test's own, started as a process from the jars {@code
 * bin/services} fetched (as bin/lib/kafka.sh starts the shared one), with a plaintext listener for
 * the broker itself and one for the test's clients, which {@link ProxiedKafka} and {@link
 * SecuredKafka} each set up their way.
 */
final class KraftBroker implements AutoCloseable {
    private final Path directory;
    private final Process process;

    /**
     * The listener of the test's clients: its name and security protocol, the port it listens on
     * and the one it advertises (another where a proxy stands between).
     */
    record ClientListener(String name, String protocol, int port, int advertisedPort) {}

    private KraftBroker(Path directory, Process process) {
        this.directory = directory;
        this.process = process;
    }

    /**
     * Writes the broker's server.properties under {@code directory}, formats its storage and starts
     * it; returns once the client listener takes connections.
     *
     * @param settings the client listener's own settings (security), added to the common ones
     * @param formatArguments added to the storage tool's {@code format} (users, for example)
     */
    static KraftBroker start(
            Path directory,
            ClientListener client,
            List<String> settings,
            List<String> formatArguments)
            throws IOException, InterruptedException {
        Path libs = libs();
        Files.createDirectories(directory.resolve("data"));
        int internal = FreePorts.one();
        int controller = FreePorts.one();
        List<String> properties =
                new ArrayList<>(
                        List.of(
                                "process.roles=broker,controller",
                                "node.id=1",
                                "controller.quorum.voters=1@127.0.0.1:" + controller,
                                "listeners=INTERNAL://127.0.0.1:"
                                        + internal
                                        + ","
                                        + client.name()
                                        + "://127.0.0.1:"
                                        + client.port()
                                        + ",CONTROLLER://127.0.0.1:"
                                        + controller,
                                "advertised.listeners=INTERNAL://127.0.0.1:"
                                        + internal
                                        + ","
                                        + client.name()
                                        + "://127.0.0.1:"
                                        + client.advertisedPort(),
                                "inter.broker.listener.name=INTERNAL",
                                "controller.listener.names=CONTROLLER",
                                "listener.security.protocol.map="
                                        + "CONTROLLER:PLAINTEXT,INTERNAL:PLAINTEXT,"
                                        + client.name()
                                        + ":"
                                        + client.protocol(),
                                "log.dirs=" + directory.resolve("data"),
                                "num.partitions=1",
                                "offsets.topic.replication.factor=1",
                                "transaction.state.log.replication.factor=1",
                                "transaction.state.log.min.isr=1",
                                "transaction.max.timeout.ms=3600000",
                                "group.initial.rebalance.delay.ms=0",
                                "message.max.bytes=67108864"));
        properties.addAll(settings);
        properties.add("");
        Path config = directory.resolve("server.properties");
        Files.writeString(config, String.join("\n", properties), StandardCharsets.US_ASCII);
        List<String> format =
                new ArrayList<>(
                        List.of(
                                "kafka.tools.StorageTool",
                                "format",
                                "--cluster-id",
                                Uuid.randomUuid().toString(),
                                "--config",
                                config.toString(),
                                "--ignore-formatted"));
        format.addAll(formatArguments);
        java(directory, libs, "format.log", true, format.toArray(String[]::new));
        Process process =
                java(directory, libs, "broker.log", false, "kafka.Kafka", config.toString());
        KraftBroker broker = new KraftBroker(directory, process);
        broker.awaitListening(client.port());
        return broker;
    }

    private void awaitListening(int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            if (!process.isAlive()) {
                throw new IOException(
                        "the broker under " + directory + " exited: " + tail("broker.log"));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException(
                            "the broker under " + directory + " is not listening after 90 s");
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
    private static Path libs() throws IOException {
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
    private static Process java(
            Path directory, Path libs, String log, boolean wait, String... arguments)
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

    /** Stops the broker and waits for it. */
    @Override
    public void close() {
        Processes.stop(process, Duration.ofSeconds(30));
    }
}
