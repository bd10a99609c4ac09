package dev.ferry.benchmarks.saga;

import dev.ferry.benchmarks.saga.ResultTable.Measurement;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reproduces DTM's saga benchmark on this machine in one run: direct transfers without a
 * coordinator, and transfer sagas through a running ferry saga job with 0, 2 and 10 business SQL
 * per branch, with and without the barrier; the sysbench oltp_write_only figures of the same
 * database come in as arguments (benchmarks/saga.sh runs sysbench). Prints the table and writes it
 * as Markdown.
 */
public final class SagaBenchmark {
    private static final Duration WARMUP = Duration.ofSeconds(3);
    private static final Duration QUIET_LIMIT = Duration.ofSeconds(20);

    private final Compilers compilers;
    private final CpuMeter cpu;

    private SagaBenchmark(Compilers compilers, CpuMeter cpu) {
        this.compilers = compilers;
        this.cpu = cpu;
    }

    /**
     * How the report's figures were measured, as saga.sh and ferry-bench saga write it under the
     * table.
     */
    public static final String NOTES =
            "Global-TPS is measured; DB-TPS and OPS follow from it as in DTM's report (transactions"
                    + " and statements per global transaction: direct and saga 2SQL 2 and 4, +"
                    + " barrier 6 statements, 10SQL 2 and 20, + barrier 22; saga 0SQL touches no"
                    + " database, since ferry keeps saga state in Flink, not in a database). sysbench"
                    + " OPS counts its write statements. Each column ran once unmeasured right before"
                    + " it was measured (every variant also once before the first), and started when"
                    + " neither the client's nor the coordinator's JIT compiler was busy. CPU ms /"
                    + " global tx: utime + stime from /proc of each process over the measured run,"
                    + " divided by the global transactions it completed (for the direct columns the"
                    + " coordinator is idle beside them).";

    /** {@code --key value} pairs, as saga.sh passes them; see {@link #run(Map)}. */
    public static void main(String[] args) throws Exception {
        run(options(args));
    }

    /**
     * Runs every column and writes the report. Keys: bank1, bank2 (host:port), user, password,
     * kafka, command-topic, results-topic, sagas, seconds, threads, sysbench-tps, sysbench-ops,
     * coordinator-pid, cpu (name=pid,…), title, notes, output (the report's path).
     */
    public static void run(Map<String, String> options) throws Exception {
        DatabaseEndpoint bank1 = endpoint("bank1", options.get("bank1"), options);
        DatabaseEndpoint bank2 = endpoint("bank2", options.get("bank2"), options);
        TransferWorkload workload =
                new TransferWorkload(
                        options.getOrDefault("database", "bench_saga"),
                        Integer.parseInt(options.getOrDefault("accounts", "10000")));
        int sagas = Integer.parseInt(options.getOrDefault("sagas", "3000"));
        int threads = Integer.parseInt(options.getOrDefault("threads", "16"));
        Duration seconds =
                Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds", "15")));
        for (DatabaseEndpoint bank : new DatabaseEndpoint[] {bank1, bank2}) {
            try (Connection connection = Connections.open(bank);
                    Statement statement = connection.createStatement()) {
                for (String sql : workload.schema()) {
                    statement.execute(sql);
                }
            }
        }

        DirectTransfers direct = new DirectTransfers(workload, bank1, bank2);
        List<Long> jvms = new ArrayList<>(List.of(ProcessHandle.current().pid()));
        if (options.containsKey("coordinator-pid")) {
            jvms.add(Long.parseLong(options.get("coordinator-pid")));
        }
        Compilers compilers = new Compilers(jvms);
        SagaBenchmark columns = new SagaBenchmark(compilers, new CpuMeter(processes(options)));
        ResultTable table = new ResultTable();
        table.add(
                new ResultTable.Column(
                        "MariaDB (sysbench write_only)",
                        Double.NaN,
                        Double.parseDouble(options.get("sysbench-tps")),
                        Double.parseDouble(options.get("sysbench-ops")),
                        Map.of()));
        try (SagaTransfers saga =
                new SagaTransfers(
                        workload,
                        compilers,
                        options.get("kafka"),
                        options.get("command-topic"),
                        options.get("results-topic"))) {
            // Both JVMs are new, and their JIT compilers took as much CPU as the coordinator's
            // saga work in the measured columns (and from the direct columns beside them) when
            // only one variant was warmed up: every variant runs once before any is measured, and
            // each column again right before it is measured (the direct ones for a few seconds,
            // the saga ones with half as many sagas), then waits until neither JVM compiles.
            log("warming up every variant");
            for (int sql : new int[] {2, 10}) {
                direct.run(threads, WARMUP, sql, () -> {});
            }
            saga.run("warmup-0", sagas, 0, false, () -> {});
            for (int sql : new int[] {2, 10}) {
                saga.run("warmup-" + sql, sagas, sql, false, () -> {});
                saga.run("warmup-" + sql + "b", sagas, sql, true, () -> {});
            }
            Measurement direct2 =
                    columns.directColumn(direct, "direct, 2 SQL", threads, seconds, 2);
            Measurement saga0 = columns.sagaColumn(saga, "saga, 0 SQL", "saga0", sagas, 0, false);
            Measurement saga2 = columns.sagaColumn(saga, "saga, 2 SQL", "saga2", sagas, 2, false);
            Measurement saga2b =
                    columns.sagaColumn(saga, "saga, 2 SQL + barrier", "saga2b", sagas, 2, true);
            Measurement direct10 =
                    columns.directColumn(direct, "direct, 10 SQL", threads, seconds, 10);
            Measurement saga10 =
                    columns.sagaColumn(saga, "saga, 10 SQL", "saga10", sagas, 10, false);
            Measurement saga10b =
                    columns.sagaColumn(saga, "saga, 10 SQL + barrier", "saga10b", sagas, 10, true);

            table.add(ResultTable.Column.of("direct 2SQL", direct2, 2, 4));
            table.add(ResultTable.Column.of("saga 0SQL", saga0, 0, 0));
            table.add(ResultTable.Column.of("saga 2SQL", saga2, 2, 4));
            table.add(ResultTable.Column.of("saga 2SQL+barrier", saga2b, 2, 6));
            table.add(ResultTable.Column.of("direct 10SQL", direct10, 2, 20));
            table.add(ResultTable.Column.of("saga 10SQL", saga10, 2, 20));
            table.add(ResultTable.Column.of("saga 10SQL+barrier", saga10b, 2, 22));

            String report =
                    String.format(
                            Locale.ROOT,
                            "%s%n%s%nsaga 2SQL+barrier ÷ direct 2SQL = %.2f (DTM: 531 ÷ 1232 = 0.43)"
                                    + "%nsaga 10SQL+barrier ÷ direct 10SQL = %.2f (DTM: 341 ÷ 551 ="
                                    + " 0.62)%n",
                            options.getOrDefault("title", "Saga transfers"),
                            table.markdown(),
                            saga2b.globalTps() / direct2.globalTps(),
                            saga10b.globalTps() / direct10.globalTps());
            System.out.println();
            System.out.print(report);
            System.out.println();
            System.out.print(ResultTable.dtmReference());
            if (options.containsKey("output")) {
                Path output = Path.of(options.get("output"));
                Files.createDirectories(output.toAbsolutePath().getParent());
                Files.writeString(
                        output,
                        "# Saga benchmark\n\n"
                                + report
                                + "\n"
                                + options.getOrDefault("notes", "")
                                + "\n\nFor reference:\n\n"
                                + ResultTable.dtmReference());
            }
        }
    }

    /** Something that runs a workload. */
    @FunctionalInterface
    private interface Run {
        /** Runs it, calling {@code onStart} when the measured work starts. */
        Throughput run(Runnable onStart) throws Exception;
    }

    private Measurement column(String name, Run warmUp, Run measure) throws Exception {
        warmUp.run(() -> {});
        compilers.awaitQuiet(QUIET_LIMIT);
        log("measuring " + name);
        AtomicReference<Map<String, Long>> before = new AtomicReference<>();
        Throughput done = measure.run(() -> before.set(cpu.read()));
        Map<String, Double> perTx =
                CpuMeter.perTransaction(before.get(), cpu.read(), done.transactions());
        log(
                String.format(
                        Locale.ROOT, "%-24s %8.0f global transactions/s", name, done.perSecond()));
        return new Measurement(done.perSecond(), perTx);
    }

    /**
     * The processes whose CPU the table shows: this client, and those saga.sh names with {@code
     * --cpu name=pid,…} (the coordinator, Kafka, the banks).
     */
    private static Map<String, Long> processes(Map<String, String> options) {
        Map<String, Long> pids = new LinkedHashMap<>();
        pids.put("client", ProcessHandle.current().pid());
        for (String entry : options.getOrDefault("cpu", "").split(",")) {
            String[] nameAndPid = entry.split("=", 2);
            if (nameAndPid.length == 2 && !nameAndPid[1].isBlank()) {
                pids.put(nameAndPid[0].strip(), Long.parseLong(nameAndPid[1].strip()));
            }
        }
        return pids;
    }

    private Measurement directColumn(
            DirectTransfers direct, String name, int threads, Duration duration, int sqlPerBranch)
            throws Exception {
        return column(
                name,
                onStart -> direct.run(threads, WARMUP, sqlPerBranch, onStart),
                onStart -> direct.run(threads, duration, sqlPerBranch, onStart));
    }

    private Measurement sagaColumn(
            SagaTransfers saga,
            String name,
            String variant,
            int sagas,
            int sqlPerBranch,
            boolean barrier)
            throws Exception {
        return column(
                name,
                onStart -> saga.run("again-" + variant, sagas / 2, sqlPerBranch, barrier, onStart),
                onStart -> saga.run(variant, sagas, sqlPerBranch, barrier, onStart));
    }

    private static void log(String line) {
        System.out.println("== " + java.time.LocalTime.now().withNano(0) + " " + line);
    }

    private static DatabaseEndpoint endpoint(
            String role, String address, Map<String, String> options) {
        String[] hostPort = address.split(":");
        return new DatabaseEndpoint(
                role,
                hostPort[0],
                Integer.parseInt(hostPort[1]),
                options.getOrDefault("user", "ferry_admin"),
                options.getOrDefault("password", "ferry_admin"));
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --key value, got " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }
}
