package dev.ferry.saga.participant;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.saga.barrier.Barrier;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs {@link StepCall}s against participants and answers each with a {@link StepResult}, never an
 * exception. SQL calls run on a fixed set of threads, each keeping one connection per participant
 * database; HTTP calls are non-blocking.
 */
public final class ParticipantCaller implements AutoCloseable {
    private final CallerConfig config;
    private final SqlStepExecutor sql;
    private final HttpStepExecutor http;
    private final ExecutorService sqlThreads;
    private final ThreadLocal<Map<String, Connection>> connections =
            ThreadLocal.withInitial(HashMap::new);
    private final Queue<Connection> opened = new ConcurrentLinkedQueue<>();

    public ParticipantCaller(CallerConfig config) {
        this.config = config;
        this.sql = new SqlStepExecutor(Barrier.inTable(config.barrierTable()));
        this.http = new HttpStepExecutor(config.callTimeout());
        AtomicInteger number = new AtomicInteger();
        this.sqlThreads =
                Executors.newFixedThreadPool(
                        config.sqlThreads(),
                        task -> {
                            Thread thread =
                                    new Thread(task, "saga-sql-" + number.incrementAndGet());
                            thread.setDaemon(true);
                            return thread;
                        });
    }

    /** Creates the barrier table in every participant database that lacks it. */
    public void prepareParticipants() throws SQLException {
        Barrier barrier = Barrier.inTable(config.barrierTable());
        for (DatabaseEndpoint endpoint : config.participants().values()) {
            try (Connection connection = Connections.open(endpoint)) {
                barrier.createTable(connection);
            }
        }
    }

    public CompletableFuture<StepResult> call(StepCall call) {
        if (!call.isSql()) {
            return http.execute(call);
        }
        DatabaseEndpoint endpoint = config.participants().get(call.participant);
        if (endpoint == null) {
            return CompletableFuture.completedFuture(
                    call.failed(
                            "unknown participant '"
                                    + call.participant
                                    + "': saga.participants names "
                                    + config.participants().keySet()));
        }
        if (!call.barrier && call.statements.length == 0) {
            return CompletableFuture.completedFuture(call.succeeded());
        }
        return CompletableFuture.supplyAsync(() -> runSql(endpoint, call), sqlThreads);
    }

    private StepResult runSql(DatabaseEndpoint endpoint, StepCall call) {
        Map<String, Connection> mine = connections.get();
        Connection connection = mine.get(call.participant);
        try {
            if (connection == null || connection.isClosed()) {
                connection = ParticipantConnections.open(endpoint);
                opened.add(connection);
                mine.put(call.participant, connection);
            }
        } catch (SQLException | RuntimeException e) {
            return call.retryable("cannot connect to participant " + call.participant + ": " + e);
        }
        StepResult result = sql.execute(connection, call);
        if (SqlStepExecutor.breaksConnection(result)) {
            mine.remove(call.participant);
            closeQuietly(connection);
        }
        return result;
    }

    @Override
    public void close() {
        sqlThreads.shutdownNow();
        for (Connection connection : opened) {
            closeQuietly(connection);
        }
    }

    private void closeQuietly(Connection connection) {
        opened.remove(connection);
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing anyway
        }
    }
}
