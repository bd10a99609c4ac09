package dev.ferry.benchmarks.saga;

import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.saga.participant.ParticipantConnections;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The baseline without a coordinator: client threads call TransOut then TransIn directly, each a
 * local transaction on its bank, as fast as they can for a fixed time.
 */
final class DirectTransfers {
    private final TransferWorkload workload;
    private final DatabaseEndpoint bank1;
    private final DatabaseEndpoint bank2;

    DirectTransfers(TransferWorkload workload, DatabaseEndpoint bank1, DatabaseEndpoint bank2) {
        this.workload = workload;
        this.bank1 = bank1;
        this.bank2 = bank2;
    }

    /**
     * The transfers {@code threads} clients complete over {@code duration}; {@code onStart} runs
     * just before the first one.
     */
    Throughput run(int threads, Duration duration, int sqlPerBranch, Runnable onStart)
            throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong done = new AtomicLong();
        List<Thread> clients = new ArrayList<>();
        List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int t = 0; t < threads; t++) {
            int client = t;
            Thread thread =
                    new Thread(
                            () -> {
                                // Opened as the coordinator opens its own, settings and all.
                                try (Connection out = ParticipantConnections.open(bank1);
                                        Connection in = ParticipantConnections.open(bank2)) {
                                    for (long i = 0; !stop.get(); i++) {
                                        String gid = "direct-" + client + "-" + i;
                                        transaction(
                                                out,
                                                workload.branch(
                                                        gid,
                                                        "out",
                                                        workload.randomAccount(),
                                                        -1,
                                                        sqlPerBranch));
                                        transaction(
                                                in,
                                                workload.branch(
                                                        gid,
                                                        "in",
                                                        workload.randomAccount(),
                                                        1,
                                                        sqlPerBranch));
                                        done.incrementAndGet();
                                    }
                                } catch (SQLException | RuntimeException e) {
                                    failures.add(e);
                                }
                            },
                            "direct-" + t);
            clients.add(thread);
        }
        onStart.run();
        long start = System.nanoTime();
        clients.forEach(Thread::start);
        Thread.sleep(duration.toMillis());
        stop.set(true);
        for (Thread thread : clients) {
            thread.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!failures.isEmpty()) {
            throw new IllegalStateException("direct transfers failed", failures.get(0));
        }
        return new Throughput(done.get(), done.get() / seconds);
    }

    private static void transaction(Connection connection, List<String> statements)
            throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
        connection.commit();
    }
}
