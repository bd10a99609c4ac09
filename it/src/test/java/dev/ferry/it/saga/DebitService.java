package dev.ferry.it.saga;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.ferry.jdbc.Connections;
import dev.ferry.saga.barrier.Barrier;
import dev.ferry.saga.model.Operation;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An HTTP participant as a service would write one: debits a bank1 account behind the embedded
 * {@link Barrier}. Its compensation endpoint answers 500 for its first {@code failures} calls, like
 * a service that is briefly down.
 */
final class DebitService implements AutoCloseable {
    private final HttpServer server;
    private final Bank bank;
    private final Barrier barrier;
    private final AtomicInteger compensationCalls = new AtomicInteger();
    private final int failures;

    DebitService(Bank bank, int failures) throws IOException {
        this.bank = bank;
        this.failures = failures;
        this.barrier = Barrier.inTable(bank.name() + ".saga_barrier");
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/debit", exchange -> handle(exchange, Operation.ACTION));
        server.createContext("/debit-undo", exchange -> handle(exchange, Operation.COMPENSATION));
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    int compensationCalls() {
        return compensationCalls.get();
    }

    private void handle(HttpExchange exchange, Operation operation) throws IOException {
        int status;
        try {
            if (operation == Operation.COMPENSATION
                    && compensationCalls.incrementAndGet() <= failures) {
                status = 500;
            } else {
                JsonNode request = Bank.JSON.readTree(exchange.getRequestBody());
                String gid = request.get("gid").asText();
                String branch = request.get("branchId").asText();
                int account = request.at("/payload/account").asInt();
                long amount = request.at("/payload/amount").asLong();
                long delta = operation == Operation.ACTION ? -amount : amount;
                try (Connection connection = Connections.open(Bank.bank1())) {
                    barrier.run(
                            connection,
                            gid,
                            branch,
                            operation,
                            tx -> {
                                for (String sql :
                                        bank.change(
                                                gid, branch, operation.label(), account, delta)) {
                                    try (PreparedStatement statement = tx.prepareStatement(sql)) {
                                        statement.executeUpdate();
                                    }
                                }
                            });
                }
                status = 200;
            }
        } catch (Exception e) {
            status = e.getMessage() != null && e.getMessage().contains("CONSTRAINT") ? 409 : 500;
        }
        byte[] body = (status == 200 ? "SUCCESS" : "FAILURE").getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
