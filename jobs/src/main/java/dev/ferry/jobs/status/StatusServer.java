package dev.ferry.jobs.status;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * The status over HTTP on 127.0.0.1: {@code GET /status} answers the JSON of {@code ferry status
 * --json}, {@code GET /status.txt} the text. Each request collects a fresh report.
 */
public final class StatusServer implements AutoCloseable {
    private final HttpServer server;

    private StatusServer(HttpServer server) {
        this.server = server;
    }

    /** Starts serving on {@code port} (0: any free port). */
    public static StatusServer start(int port, StatusCollector collector) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext(
                "/status.txt",
                exchange -> answer(exchange, "text/plain", StatusText.full(collector.collect())));
        server.createContext(
                "/status",
                exchange ->
                        answer(
                                exchange,
                                "application/json",
                                StatusCommand.json(collector.collect())));
        server.start();
        return new StatusServer(server);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
