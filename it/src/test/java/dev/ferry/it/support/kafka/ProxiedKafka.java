package dev.ferry.it.support.kafka;

import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Toxiproxy;
import eu.rekawek.toxiproxy.Proxy;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A single-node KRaft broker of one test's own (as {@link SecuredKafka}, from bin/services' jars)
 * whose clients reach it only through a Toxiproxy proxy: its client listener advertises the proxy's
 * port, so every connection a client opens, not only the bootstrap, passes the proxy and its
 * faults. The shared broker advertises its own port and cannot be cut that way.
 */
public final class ProxiedKafka implements AutoCloseable {
    private final Process process;
    private final Proxy proxy;

    private ProxiedKafka(Process process, Proxy proxy) {
        this.process = process;
        this.proxy = proxy;
    }

    public static ProxiedKafka start(Path directory, Toxiproxy toxiproxy)
            throws IOException, InterruptedException {
        Path libs = SecuredKafka.libs();
        Files.createDirectories(directory.resolve("data"));
        int external = FreePorts.one();
        int internal = FreePorts.one();
        int controller = FreePorts.one();
        Proxy proxy = toxiproxy.proxy("kafka", external);
        int advertised = Toxiproxy.port(proxy);
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
                                + ",EXTERNAL://127.0.0.1:"
                                + external
                                + ",CONTROLLER://127.0.0.1:"
                                + controller,
                        "advertised.listeners=INTERNAL://127.0.0.1:"
                                + internal
                                + ",EXTERNAL://127.0.0.1:"
                                + advertised,
                        "inter.broker.listener.name=INTERNAL",
                        "controller.listener.names=CONTROLLER",
                        "listener.security.protocol.map="
                                + "CONTROLLER:PLAINTEXT,INTERNAL:PLAINTEXT,EXTERNAL:PLAINTEXT",
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
        SecuredKafka.java(
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
                "--ignore-formatted");
        Process process =
                SecuredKafka.java(
                        directory, libs, "broker.log", false, "kafka.Kafka", config.toString());
        ProxiedKafka kafka = new ProxiedKafka(process, proxy);
        kafka.awaitListening(directory, external);
        return kafka;
    }

    /** The proxy's address, the only one clients learn. */
    public String bootstrapServers() {
        return proxy.getListen();
    }

    /** The proxy between the clients and the broker, for faults. */
    public Proxy proxy() {
        return proxy;
    }

    /** Whether a client that knows only the proxy gets an answer from the broker within 3 s. */
    public boolean answers() {
        java.util.Properties properties = new java.util.Properties();
        properties.setProperty("bootstrap.servers", bootstrapServers());
        properties.setProperty("request.timeout.ms", "3000");
        properties.setProperty("default.api.timeout.ms", "3000");
        try (org.apache.kafka.clients.admin.Admin admin =
                org.apache.kafka.clients.admin.Admin.create(properties)) {
            admin.describeCluster().nodes().get(3, TimeUnit.SECONDS);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private void awaitListening(Path directory, int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            if (!process.isAlive()) {
                throw new IOException(
                        "the proxied broker exited: "
                                + Files.readString(directory.resolve("broker.log")));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("the proxied broker is not listening after 90 s");
                }
                Thread.sleep(300);
            }
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
