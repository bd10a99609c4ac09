package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.probe.Args;
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
 *     --from mysql-bin.000001:4 --to mysql-bin.000001:123456 --mode raw|parse
 * prints: start_ms= first_ms= last_ms= events= bytes= row_events= row_changes= commits=
 * </pre>
 *
 * {@code start_ms} is taken just before connecting: the stage's time runs from there to {@code
 * last_ms}, so it includes the login and the server's seek to the start position.
 */
public final class BinlogReadStage {
    private static final Set<String> NAMES =
            Set.of(
                    "host",
                    "port",
                    "user",
                    "password",
                    "server-id",
                    "from",
                    "to",
                    "mode",
                    "timeout-s");

    private BinlogReadStage() {}

    public static void main(String[] argv) throws Exception {
        Args args = Args.parse("BinlogReadStage", argv, NAMES);
        BinlogRangeReader.Mode mode =
                BinlogRangeReader.Mode.valueOf(args.get("mode").toUpperCase(Locale.ROOT));
        BinlogRangeReader reader =
                new BinlogRangeReader(args.endpoint("upstream"), args.getLong("server-id", 6601));
        long start = System.currentTimeMillis();
        BinlogCounter counts =
                reader.read(
                        BinlogPosition.parse(args.get("from")),
                        BinlogPosition.parse(args.get("to")),
                        mode,
                        Duration.ofSeconds(args.getLong("timeout-s", 600)));
        System.out.println(
                new ResultLine()
                        .put("start_ms", start)
                        .put("first_ms", counts.firstEventMs())
                        .put("last_ms", counts.lastEventMs())
                        .put("events", counts.events())
                        .put("bytes", counts.bytes())
                        .put("row_events", counts.rowEvents())
                        .put("row_changes", counts.rowChanges())
                        .put("commits", counts.commits()));
    }
}
