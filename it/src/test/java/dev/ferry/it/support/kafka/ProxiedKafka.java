package dev.ferry.it.support.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Toxiproxy;
import eu.rekawek.toxiproxy.Proxy;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;

/**
 * A single-node KRaft broker of one test's own ({@link KraftBroker}, from bin/services' jars) whose
 * clients reach it only through a Toxiproxy proxy: its client listener advertises the proxy's port,
 * so every connection a client opens, not only the bootstrap, passes the proxy and its faults. The
 * shared broker advertises its own port and cannot be cut that way.
 */
public final class ProxiedKafka implements AutoCloseable {
    private final KraftBroker broker;
    private final Proxy proxy;

    private ProxiedKafka(KraftBroker broker, Proxy proxy) {
        this.broker = broker;
        this.proxy = proxy;
    }

    public static ProxiedKafka start(Path directory, Toxiproxy toxiproxy)
            throws IOException, InterruptedException {
        int port = FreePorts.one();
        Proxy proxy = toxiproxy.proxy("kafka", port);
        KraftBroker broker =
                KraftBroker.start(
                        directory,
                        new KraftBroker.ClientListener(
                                "EXTERNAL", "PLAINTEXT", port, Toxiproxy.port(proxy)),
                        List.of(),
                        List.of());
        return new ProxiedKafka(broker, proxy);
    }

    /** The proxy's address, the only one clients learn. */
    public String bootstrapServers() {
        return proxy.getListen();
    }

    /** The proxy between the clients and the broker, for faults. */
    public Proxy proxy() {
        return proxy;
    }

    /**
     * Points both jobs of {@code pipeline} at this broker. A Kafka transaction that cannot commit
     * while the link is cut fails its job: each may restart from its checkpoint (5 s apart) 30
     * times.
     */
    public void serve(Pipeline pipeline) {
        for (Configuration options : List.of(pipeline.captureOptions(), pipeline.applyOptions())) {
            options.setString("kafka.bootstrap-servers", bootstrapServers());
            options.setString("job.restart-attempts", "30");
        }
    }

    /**
     * Cuts the link between the clients and the broker, checking that the broker answered through
     * it before and that the cut is real: a client knowing only the proxy reaches nothing.
     *
     * @return what heals the link on close
     */
    public AutoCloseable cut() throws IOException {
        assertThat(answers()).as("the broker through the proxy").isTrue();
        proxy.disable();
        assertThat(answers()).as("the broker while cut").isFalse();
        return proxy::enable;
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

    /** Stops the broker and waits for it. */
    @Override
    public void close() {
        broker.close();
    }
}
