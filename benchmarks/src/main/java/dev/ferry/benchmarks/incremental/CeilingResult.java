package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.report.Rates;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One downstream ceiling run (CeilingLoader): rows written, seconds, p99 statement latency.
 *
 * @param mode "insert" or "upsert"
 * @param rows rows written, null when it failed
 */
record CeilingResult(
        String workload,
        int connections,
        int batch,
        String mode,
        Long rows,
        Double seconds,
        Double p99Millis,
        String status) {
    private static final Pattern ROWS = Pattern.compile("(?:^|\\s)rows=(\\d+)");
    private static final Pattern SECONDS = Pattern.compile("(?:^|\\s)seconds=([\\d.]+)");
    private static final Pattern P99 = Pattern.compile("(?:^|\\s)latency_ms_p99=([\\d.]+)");

    /**
     * The result CeilingLoader's last line states ("rows=… statements=… seconds=… …
     * latency_ms_p99=…"); a failure naming that line when it is no such line.
     */
    static CeilingResult parse(
            String workload, int connections, int batch, String mode, String line) {
        Matcher rows = ROWS.matcher(line);
        Matcher seconds = SECONDS.matcher(line);
        if (!line.startsWith("rows=") || !rows.find() || !seconds.find()) {
            return new CeilingResult(
                    workload,
                    connections,
                    batch,
                    mode,
                    null,
                    null,
                    null,
                    "CeilingLoader failed: " + line.replace('|', '/'));
        }
        Matcher p99 = P99.matcher(line);
        return new CeilingResult(
                workload,
                connections,
                batch,
                mode,
                Long.parseLong(rows.group(1)),
                Double.parseDouble(seconds.group(1)),
                p99.find() ? Double.parseDouble(p99.group(1)) : null,
                "ok");
    }

    /** Rows per second, null when it failed. */
    Double rowsPerSecond() {
        return rows != null && seconds != null ? Rates.perSecond(rows, seconds) : null;
    }
}
