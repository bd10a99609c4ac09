package dev.ferry.benchmarks.saga;

import dev.ferry.benchmarks.saga.ResultTable.Measurement;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reproduces DTM's saga benchmark on this machine in one run: direct transfers without a
 * coordinator, and transfer sagas through a running ferry saga job with 0, 2 and 10 business SQL
 * per branch, with and without the barrier; the sysbench oltp_write_only figures of the same
 * database come in with the {@link SagaRun} (ferry-bench saga runs sysbench). Prints the table and
 * writes it as Markdown.
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

    /** How the report's figures were measured, as ferry-bench saga writes it under the table. */
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

    /** Runs every column and writes the report to {@code run.output()}. */
    public static void run(SagaRun run) throws Exception {
        DatabaseEndpoint bank1 = run.bank1();
        DatabaseEndpoint bank2 = run.bank2();
        TransferWorkload workload = new TransferWorkload("bench_saga", 10_000);
        int sagas = run.sagas();
        int threads = run.threads();
        Duration seconds = run.seconds();
        for (DatabaseEndpoint bank : new DatabaseEndpoint[] {bank1, bank2}) {
            try (Connection connection = Connections.open(bank);
                    Statement statement = connection.createStatement()) {
                for (String sql : workload.schema()) {
                    statement.execute(sql);
                }
            }
        }

        DirectTransfers direct = new DirectTransfers(workload, bank1, bank2);
        Compilers compilers =
                new Compilers(List.of(ProcessHandle.current().pid(), run.coordinatorPid()));
        SagaBenchmark columns = new SagaBenchmark(compilers, new CpuMeter(processes(run)));
        ResultTable table = new ResultTable();
        table.add(
                new ResultTable.Column(
                        "MariaDB (sysbench write_only)",
                        Double.NaN,
                        run.sysbenchTps(),
                        run.sysbenchOps(),
                        Map.of()));
        try (SagaTransfers saga =
                new SagaTransfers(
                        workload, compilers, run.kafka(), run.commandTopic(), run.resultsTopic())) {
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
                            run.title(),
                            table.markdown(),
                            saga2b.globalTps() / direct2.globalTps(),
                            saga10b.globalTps() / direct10.globalTps());
            System.out.println();
            System.out.print(report);
            System.out.println();
            System.out.print(ResultTable.dtmReference());
            Path output = run.output();
            Files.createDirectories(output.toAbsolutePath().getParent());
            Files.writeString(
                    output,
                    "# Saga benchmark\n\n"
                            + report
                            + "\n"
                            + NOTES
                            + "\n\nFor reference:\n\n"
                            + ResultTable.dtmReference());
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

    /** The processes whose CPU the table shows: this client, then the run's. */
    private static Map<String, Long> processes(SagaRun run) {
        Map<String, Long> pids = new LinkedHashMap<>();
        pids.put("client", ProcessHandle.current().pid());
        pids.putAll(run.cpu());
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
}
