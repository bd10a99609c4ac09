package dev.ferry.benchmarks.ceiling;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The downstream's own ceiling for the benchmarks: sysbench-identical rows generated in this JVM
 * (no upstream, no Flink, no Kafka) and written as multi-row statements, each its own autocommitted
 * transaction, over N connections that take the next statement from a shared queue.
 *
 * <pre>
 * CeilingLoader --url jdbc:mysql://HOST:PORT/DB --user U [--password P] --tables 4
 *     --rows-per-table N --connections C --rows-per-statement R [--first-id 1] [--mode insert|upsert]
 * </pre>
 *
 * <p>Without --password it takes FERRY_DOWNSTREAM_PASSWORD from the environment. {@code insert}
 * writes ids first-id .. first-id+N-1 of each table with {@code INSERT}; {@code upsert} writes them
 * with {@code INSERT … ON DUPLICATE KEY UPDATE k, c, pad} (ferry's statement for a changed row),
 * over rows that may already exist. Prints one line: rows, statements, seconds (first statement to
 * last commit), rows/s and the p50/p99/max statement latency in ms.
 */
public final class CeilingLoader {
    /**
     * Where the password comes from without --password: the environment, so that a caller keeps it
     * off the command line.
     */
    public static final String PASSWORD_VARIABLE = "FERRY_DOWNSTREAM_PASSWORD";

    private CeilingLoader() {}

    /** One statement's worth of rows: ids [from, from + count) of sbtest{table}. */
    record Chunk(int table, long from, int count) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        String url = required(options, "--url");
        int tables = Integer.parseInt(options.getOrDefault("--tables", "4"));
        long rowsPerTable = Long.parseLong(required(options, "--rows-per-table"));
        int connections = Integer.parseInt(required(options, "--connections"));
        int rowsPerStatement = Integer.parseInt(required(options, "--rows-per-statement"));
        long firstId = Long.parseLong(options.getOrDefault("--first-id", "1"));
        boolean upsert =
                switch (options.getOrDefault("--mode", "insert")) {
                    case "insert" -> false;
                    case "upsert" -> true;
                    default ->
                            throw new IllegalArgumentException("--mode must be insert or upsert");
                };
        ConcurrentLinkedQueue<Chunk> queue = new ConcurrentLinkedQueue<>();
        for (long from = firstId; from < firstId + rowsPerTable; from += rowsPerStatement) {
            for (int t = 1; t <= tables; t++) {
                queue.add(
                        new Chunk(
                                t,
                                from,
                                (int) Math.min(rowsPerStatement, firstId + rowsPerTable - from)));
            }
        }
        int statements = queue.size();
        long tableSize = firstId + rowsPerTable - 1;
        List<Connection> opened = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            opened.add(
                    DriverManager.getConnection(
                            url, required(options, "--user"), password(options)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        long start = System.nanoTime();
        List<Future<List<Long>>> workers = new ArrayList<>();
        for (Connection connection : opened) {
            workers.add(pool.submit(() -> write(connection, queue, tableSize, upsert)));
        }
        List<Long> latencies = new ArrayList<>();
        for (Future<List<Long>> worker : workers) {
            latencies.addAll(worker.get());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        for (Connection connection : opened) {
            connection.close();
        }
        long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
        long rows = rowsPerTable * tables;
        System.out.printf(
                Locale.ROOT,
                "rows=%d statements=%d seconds=%.3f rows_per_second=%.0f latency_ms_p50=%.1f latency_ms_p99=%.1f latency_ms_max=%.1f%n",
                rows,
                statements,
                seconds,
                rows / seconds,
                percentile(sorted, 0.50),
                percentile(sorted, 0.99),
                percentile(sorted, 1.0));
    }

    private static List<Long> write(
            Connection connection,
            ConcurrentLinkedQueue<Chunk> queue,
            long tableSize,
            boolean upsert)
            throws SQLException {
        List<Long> latencies = new ArrayList<>();
        try (Statement statement = connection.createStatement()) {
            Chunk chunk;
            while ((chunk = queue.poll()) != null) {
                StringBuilder sql = new StringBuilder(chunk.count() * 200 + 100);
                sql.append("INSERT INTO sbtest")
                        .append(chunk.table())
                        .append(" (id,k,c,pad) VALUES ");
                for (int i = 0; i < chunk.count(); i++) {
                    if (i > 0) {
                        sql.append(',');
                    }
                    SysbenchRows.appendRow(sql, chunk.from() + i, tableSize);
                }
                if (upsert) {
                    sql.append(" ON DUPLICATE KEY UPDATE k=VALUES(k),c=VALUES(c),pad=VALUES(pad)");
                }
                long began = System.nanoTime();
                statement.execute(sql.toString());
                latencies.add(System.nanoTime() - began);
            }
        }
        return latencies;
    }

    private static double percentile(long[] sortedNanos, double fraction) {
        if (sortedNanos.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(fraction * sortedNanos.length) - 1;
        return sortedNanos[Math.max(0, Math.min(sortedNanos.length - 1, index))] / 1e6;
    }

    private static Map<String, String> options(String[] args) {
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("options come in pairs: " + Arrays.toString(args));
        }
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        return options;
    }

    /**
     * --password, else FERRY_DOWNSTREAM_PASSWORD: a run passes it through the environment, where
     * {@code ps} does not show it.
     */
    private static String password(Map<String, String> options) {
        String environment = System.getenv(PASSWORD_VARIABLE);
        return options.getOrDefault("--password", environment == null ? "" : environment);
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        return value;
    }
}
