package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.probe.Args;
import dev.ferry.benchmarks.probe.Passes;
import dev.ferry.benchmarks.probe.ProcessCpu;
import dev.ferry.benchmarks.probe.ResultLine;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * The first two stages of the funnel: reads a binlog range from the upstream as a replica, with
 * event bodies skipped ({@code --mode raw}) or decoded ({@code --mode parse}), and prints what it
 * counted and when.
 *
 * <pre>
 * BinlogReadStage --port 3307 --user u --password p --server-id 6601
 *     --from mysql-bin.000001:4 --to mysql-bin.000001:123456 --mode raw|parse [--passes 2]
 * prints: start_ms= first_ms= last_ms= events= bytes= row_events= row_changes= commits= cpu_ms=
 * </pre>
 *
 * With {@code --passes N} it reads the range N times in one JVM and prints the median of passes
 * 2..N ({@link Passes}). {@code start_ms} is taken just before connecting; {@code first_ms} and
 * {@code last_ms} when the range's first and last events arrived; {@code cpu_ms} is this JVM's CPU
 * time during the pass.
 */
public final class BinlogReadStage {
    private static final Set<String> NAMES =
            Args.endpointAnd("server-id", "from", "to", "mode", "passes", "timeout-s");

    private BinlogReadStage() {}

    public static void main(String[] argv) throws Exception {
        Args args = Args.parse("BinlogReadStage", argv, NAMES);
        BinlogRangeReader.Mode mode =
                BinlogRangeReader.Mode.valueOf(args.get("mode").toUpperCase(Locale.ROOT));
        BinlogRangeReader reader =
                new BinlogRangeReader(args.endpoint("upstream"), args.getLong("server-id", 6601));
        BinlogPosition from = BinlogPosition.parse(args.get("from"));
        BinlogPosition to = BinlogPosition.parse(args.get("to"));
        Duration timeout = Duration.ofSeconds(args.getLong("timeout-s", 600));
        Pass kept =
                Passes.median(
                        (int) args.getLong("passes", 1),
                        () -> Pass.of(reader, from, to, mode, timeout),
                        pass -> pass.counts().lastEventMs() - pass.counts().firstEventMs());
        BinlogCounter counts = kept.counts();
        System.out.println(
                new ResultLine()
                        .put("start_ms", kept.startMs())
                        .put("first_ms", counts.firstEventMs())
                        .put("last_ms", counts.lastEventMs())
                        .put("events", counts.events())
                        .put("bytes", counts.bytes())
                        .put("row_events", counts.rowEvents())
                        .put("row_changes", counts.rowChanges())
                        .put("commits", counts.commits())
                        .put("cpu_ms", kept.cpuMs()));
    }

    /** One read of the range: when it started, its counts, and the CPU this JVM spent on it. */
    private record Pass(long startMs, BinlogCounter counts, long cpuMs) {
        static Pass of(
                BinlogRangeReader reader,
                BinlogPosition from,
                BinlogPosition to,
                BinlogRangeReader.Mode mode,
                Duration timeout) {
            long cpu = ProcessCpu.millis();
            long start = System.currentTimeMillis();
            try {
                BinlogCounter counts = reader.read(from, to, mode, timeout);
                return new Pass(start, counts, ProcessCpu.millis() - cpu);
            } catch (Exception e) {
                throw new IllegalStateException("reading the binlog from " + from + " failed", e);
            }
        }
    }
}
