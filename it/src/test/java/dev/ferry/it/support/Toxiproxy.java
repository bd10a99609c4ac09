package dev.ferry.it.support;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Toxiproxy server (Shopify's TCP fault proxy) of one test's own, on a free port, with its Java
 * client: the test puts a proxy between a job and a service and adds latency, resets or cuts to it.
 * The server binary is the one {@code bin/services start} installs under its run folder ({@code go
 * install github.com/Shopify/toxiproxy/v2/cmd/server}), or {@code FERRY_TOXIPROXY_SERVER}.
 */
public final class Toxiproxy implements AutoCloseable {
    private final Process process;
    private final ToxiproxyClient client;

    private Toxiproxy(Process process, ToxiproxyClient client) {
        this.process = process;
        this.client = client;
    }

    public static Toxiproxy start(Path logDirectory) throws IOException, InterruptedException {
        Path binary = binary();
        int port = FreePorts.one();
        Process process =
                new ProcessBuilder(
                                binary.toString(),
                                "-host",
                                "127.0.0.1",
                                "-port",
                                String.valueOf(port))
                        .redirectErrorStream(true)
                        .redirectOutput(logDirectory.resolve("toxiproxy.log").toFile())
                        .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                break;
            } catch (IOException e) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    throw new IOException(
                            "toxiproxy-server did not start: "
                                    + Files.readString(logDirectory.resolve("toxiproxy.log")));
                }
                Thread.sleep(100);
            }
        }
        return new Toxiproxy(process, new ToxiproxyClient("127.0.0.1", port));
    }

    /** A proxy on a free port of 127.0.0.1 that forwards to {@code upstreamPort} there. */
    public Proxy proxy(String name, int upstreamPort) throws IOException {
        return client.createProxy(
                name, "127.0.0.1:" + FreePorts.one(), "127.0.0.1:" + upstreamPort);
    }

    /** The port a proxy listens on. */
    public static int port(Proxy proxy) {
        String listen = proxy.getListen();
        return Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1));
    }

    private static Path binary() throws IOException {
        String configured = System.getenv("FERRY_TOXIPROXY_SERVER");
        String runDir = System.getenv("FERRY_RUN_DIR");
        Path installed =
                (runDir == null || runDir.isBlank() ? Path.of("..", "run") : Path.of(runDir))
                        .resolve("bin/toxiproxy-server");
        for (Path candidate :
                configured == null || configured.isBlank()
                        ? List.of(installed)
                        : List.of(Path.of(configured), installed)) {
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new IOException(
                "no toxiproxy-server at "
                        + installed
                        + ": run bin/services start (it installs it with go install), or set"
                        + " FERRY_TOXIPROXY_SERVER to one");
    }

    @Override
    public void close() {
        Processes.stop(process, Duration.ofSeconds(10));
    }
}
