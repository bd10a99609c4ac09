package dev.ferry.benchmarks.importing;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Rates;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.CpuReadings;
import dev.ferry.benchmarks.run.DownstreamWait;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.StatusCounters;
import dev.ferry.benchmarks.run.SysbenchTables;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How every copy of the import is taken and recorded: the downstream emptied, the status counters
 * and CPU read before and after, timed until the downstream holds every row of the current data
 * set, recorded as measured or as failed with the first log line that says why.
 */
final class ImportCopies {
    /** The longest a single copy may take. */
    static final Duration TIMEOUT = Duration.ofSeconds(1800);

    /** The processes whose CPU a copy records, in the report's order. */
    private static final String[] CPU_NAMES = {
        "capture", "apply", "stock", "ceiling", "direct", "kafka", "down", "up"
    };

    /** Something that starts a copy's processes. */
    interface Starter {
        void start() throws Exception;
    }

    /** What was read when a copy started. */
    record Start(Map<String, Long> status, Map<String, Double> cpu, long nanos, double epoch) {}

    private final BenchRun run;
    private final Measurements measurements;
    private final DataSets data;
    private final SysbenchTables tables;
    private String current = DataSets.MAIN;

    ImportCopies(BenchRun run, Measurements measurements, DataSets data) {
        this.run = run;
        this.measurements = measurements;
        this.data = data;
        this.tables = new SysbenchTables(run, DataSets.TABLES);
    }

    BenchRun run() {
        return run;
    }

    Measurements measurements() {
        return measurements;
    }

    SysbenchTables tables() {
        return tables;
    }

    /** Switches the run to data set {@code name} (its database upstream and downstream). */
    void use(String name) {
        current = name;
        run.useDatabase(DataSets.database(name));
    }

    /** The data set copies run on now. */
    String data() {
        return current;
    }

    /** Rows of all tables of the current data set, as the downstream count prints them. */
    String expectedRows() {
        return Long.toString(data.rows(current));
    }

    /** Reads the counters and CPU, and the clock, as a copy starts. */
    Start start() throws SQLException {
        return new Start(
                StatusCounters.snapshot(run.downstream()),
                CpuReadings.read(run),
                System.nanoTime(),
                System.currentTimeMillis() / 1000.0);
    }

    /** Seconds since {@code start}. */
    static double since(Start start) {
        return (System.nanoTime() - start.nanos()) / 1e9;
    }

    /** CPU seconds per process from {@code start} to now, of the processes a report names. */
    Map<String, Double> cpuSince(Start start) {
        return cpuBetween(start.cpu(), CpuReadings.read(run));
    }

    static Map<String, Double> cpuBetween(Map<String, Double> before, Map<String, Double> after) {
        CpuUse use = CpuUse.between(before, after);
        Map<String, Double> cpu = new LinkedHashMap<>();
        for (String name : CPU_NAMES) {
            use.of(name).ifPresent(seconds -> cpu.put(name, seconds));
        }
        return cpu;
    }

    /**
     * Records a copy that succeeded in {@code seconds}, with the downstream's INSERT statements
     * since {@code start} and the CPU {@code cpu}; prints it.
     */
    void measured(
            MeasurementKey key,
            Start start,
            double seconds,
            Double latency,
            Map<String, Double> cpu)
            throws SQLException {
        long inserts =
                StatusCounters.delta(
                        "Com_insert", start.status(), StatusCounters.snapshot(run.downstream()));
        measurements.record(key, Measurement.ok(seconds, inserts, latency, cpu));
        Progress.say(
                key
                        + ": "
                        + Figures.oneDecimal(seconds)
                        + " s, "
                        + Figures.oneDecimal(Rates.megabytesPerSecond(data.bytes(current), seconds))
                        + " MB/s");
    }

    /** Records a copy that failed: {@code why}, and the first log line that says why. */
    void failed(MeasurementKey key, String why) {
        String status = new RunLogs(run.work()).failure(why == null ? "failed" : why);
        measurements.record(key, Measurement.failed(status));
        Progress.say(key + ": FAILED: " + status);
    }

    /** Empty tables of the upstream's definitions downstream, and no apply progress. */
    void emptyDownstream() throws SQLException {
        tables.resetDownstreamForApply();
    }

    /**
     * A copy by pipeline processes: empty downstream tables; {@code starter} starts the processes;
     * timed from then until every row is downstream; then every process stops.
     */
    void timed(MeasurementKey key, Starter starter) throws InterruptedException {
        if (measurements.has(key)) {
            return;
        }
        try {
            emptyDownstream();
            for (String log : new String[] {"capture.log", "apply.log", "stock.log"}) {
                Files.deleteIfExists(run.work().resolve(log));
            }
            Start start = start();
            try {
                starter.start();
                new DownstreamWait(run).until(tables.rowsSql(), expectedRows(), TIMEOUT);
                measured(key, start, since(start), null, cpuSince(start));
            } catch (IOException | SQLException e) {
                failed(key, e.getMessage());
            }
        } catch (IOException | SQLException e) {
            failed(key, "could not empty the downstream tables: " + e.getMessage());
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            failed(key, e.getMessage());
        } finally {
            run.processes().stopAll();
        }
    }
}
