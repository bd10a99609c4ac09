package dev.ferry.jobs.status;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferry.apply.writer.DownstreamOutage;
import dev.ferry.capture.metrics.CaptureMetrics;
import dev.ferry.capture.route.ShardDdlFunction;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jobs.status.StatusReport.BinlogPosition;
import dev.ferry.jobs.status.StatusReport.JobReport;
import dev.ferry.jobs.status.StatusReport.LastError;
import dev.ferry.jobs.status.StatusReport.TableProgress;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Builds a {@link StatusReport} from Flink's REST API (jobs, their metrics and exceptions) and,
 * when it can reach it, the upstream server (latest binlog position, row estimates).
 */
public final class StatusCollector {
    private static final Set<String> GONE = Set.of("CANCELED", "CANCELLING", "FINISHED");
    private static final String FERRY = "." + CaptureMetrics.GROUP + ".";
    private static final Pattern TABLE_ROWS =
            Pattern.compile(
                    ".*\\."
                            + CaptureMetrics.GROUP
                            + "\\."
                            + CaptureMetrics.DATABASE
                            + "\\.(.+)\\."
                            + CaptureMetrics.TABLE
                            + "\\.(.+)\\."
                            + CaptureMetrics.SNAPSHOT_ROWS);

    private final List<String> restUrls;
    private final DatabaseEndpoint upstream;
    private final List<String> tablePatterns;
    private final LongSupplier clock;

    /**
     * @param upstream the capture's upstream, or null to leave out positions and estimates
     * @param tablePatterns the capture's {@code upstream.tables}, to list tables not begun yet
     */
    public StatusCollector(
            List<String> restUrls,
            DatabaseEndpoint upstream,
            List<String> tablePatterns,
            LongSupplier clock) {
        this.restUrls = List.copyOf(restUrls);
        this.upstream = upstream;
        this.tablePatterns = List.copyOf(tablePatterns);
        this.clock = clock;
    }

    public StatusReport collect() {
        List<JobReport> jobs = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        for (String url : restUrls) {
            FlinkRestClient rest = new FlinkRestClient(url);
            try {
                for (JsonNode job : rest.get("/jobs/overview").path("jobs")) {
                    if (!GONE.contains(job.path("state").asText())) {
                        report(rest, job).ifPresent(jobs::add);
                    }
                }
            } catch (IOException | RuntimeException e) {
                unreachable.add(
                        url
                                + " ("
                                + (e.getMessage() == null
                                        ? e.getClass().getSimpleName()
                                        : e.getMessage())
                                + ")");
            }
        }
        return new StatusReport(Instant.ofEpochMilli(clock.getAsLong()), jobs, unreachable);
    }

    private Optional<JobReport> report(FlinkRestClient rest, JsonNode job) throws IOException {
        String jobId = job.path("jid").asText();
        JsonNode vertices = rest.get("/jobs/" + jobId).path("vertices");
        JsonNode capture = vertex(vertices, CaptureMetrics.OPERATOR);
        JsonNode apply = vertex(vertices, "jdbc-apply");
        if (capture == null && apply == null) {
            return Optional.empty(); // not a ferry job
        }
        JobFacts facts = new JobFacts(rest, job, lastError(rest, jobId), restarts(rest, jobId));
        String kind = capture != null ? "capture" : "apply";
        try {
            return Optional.of(
                    capture != null ? captureReport(facts, capture) : applyReport(facts, apply));
        } catch (IOException e) {
            // A job between attempts has no metrics to show; its state and error still matter.
            return Optional.of(facts.report(kind, null, List.of(), null, null, null, null, null));
        }
    }

    private JobReport captureReport(JobFacts facts, JsonNode vertex) throws IOException {
        FlinkRestClient rest = facts.rest;
        String jobId = facts.jobId();
        String vertexId = vertex.path("id").asText();
        List<String> names =
                rest.metricNames(jobId, vertexId).stream().filter(n -> n.contains(FERRY)).toList();
        // Flink logs a warning with a stack trace for each string gauge asked to aggregate.
        List<String> numeric =
                names.stream()
                        .filter(n -> !n.endsWith(FERRY + CaptureMetrics.BINLOG_FILE))
                        .filter(n -> !n.endsWith(FERRY + ShardDdlFunction.PENDING))
                        .toList();
        Map<String, Double> sums = rest.aggregated(jobId, vertexId, numeric, "sum");
        Map<String, Double> maxes = rest.aggregated(jobId, vertexId, numeric, "max");
        long now = clock.getAsLong();
        Map<String, Long> rowsDone = new HashMap<>();
        for (String name : names) {
            Matcher table = TABLE_ROWS.matcher(name);
            if (table.matches()) {
                rowsDone.put(
                        table.group(1) + "." + table.group(2),
                        sums.getOrDefault(name, 0.0).longValue());
            }
        }
        Double eventsPerSecond = value(sums, names, CaptureMetrics.EVENTS_PER_SECOND, -1);
        eventsPerSecond = eventsPerSecond < 0 ? null : eventsPerSecond;
        BinlogReader reader = binlogReader(rest, jobId, vertex, names);
        BinlogPosition captured = reader.position();
        long lag = reader.delayMs();
        BinlogPosition latest = null;
        Map<String, Long> estimates = Map.of();
        if (upstream != null) {
            try (UpstreamProbe probe = new UpstreamProbe(upstream)) {
                latest = probe.latestPosition().orElse(null);
                estimates = matching(probe.rowEstimates(databases(rowsDone.keySet())));
            } catch (Exception e) {
                // status still shows what Flink knows when the upstream does not answer
            }
        }
        String phase =
                CaptureProgress.phase(
                        value(sums, names, CaptureMetrics.SNAPSHOT_ROWS, 0).longValue(),
                        value(sums, names, CaptureMetrics.BINLOG_EVENTS, 0).longValue(),
                        value(maxes, names, CaptureMetrics.LAST_SNAPSHOT_ROW_TIME, -1).longValue(),
                        now,
                        rowsDone,
                        estimates);
        List<TableProgress> tables = CaptureProgress.tables(rowsDone, estimates, phase);
        return facts.report(
                        "capture",
                        phase,
                        tables,
                        captured,
                        latest,
                        captureDelay(lag, phase, facts.job().path("start-time").asLong(-1), now),
                        eventsPerSecond,
                        CaptureProgress.etaSeconds(tables, eventsPerSecond, phase))
                .withPendingShardDdl(pendingShardDdl(rest, jobId, vertex, names));
    }

    /**
     * The shard DDL that some shards of a merged table have run and others not yet, as the
     * coordinator's gauge on the subtask reading the binlog tells it; null when none is pending.
     */
    private static String pendingShardDdl(
            FlinkRestClient rest, String jobId, JsonNode vertex, List<String> names)
            throws IOException {
        String name = find(names, ShardDdlFunction.PENDING);
        if (name == null) {
            return null;
        }
        for (int subtask = 0; subtask < vertex.path("parallelism").asInt(1); subtask++) {
            String value =
                    rest.subtask(jobId, vertex.path("id").asText(), subtask, List.of(name))
                            .get(name);
            if (value != null && !value.isEmpty()) {
                return value;
            }
        }
        return null;
    }

    private JobReport applyReport(JobFacts facts, JsonNode vertex) throws IOException {
        FlinkRestClient rest = facts.rest;
        String vertexId = vertex.path("id").asText();
        List<String> names = rest.metricNames(facts.jobId(), vertexId);
        // Prefer the apply operator's own metrics when it has them; Flink's record rate otherwise.
        List<String> wanted =
                names.stream()
                        .filter(
                                n ->
                                        n.endsWith(".eventsPerSecond")
                                                || n.endsWith(".replicationDelayMs")
                                                || n.endsWith("." + DownstreamOutage.METRIC)
                                                || n.equals("numRecordsInPerSecond"))
                        .toList();
        Map<String, Double> sums = rest.aggregated(facts.jobId(), vertexId, wanted, "sum");
        Map<String, Double> maxes = rest.aggregated(facts.jobId(), vertexId, wanted, "max");
        Double rate =
                wanted.stream()
                        .filter(n -> n.endsWith(".eventsPerSecond"))
                        .findFirst()
                        .map(sums::get)
                        .orElse(sums.get("numRecordsInPerSecond"));
        Long delay =
                wanted.stream()
                        .filter(n -> n.endsWith(".replicationDelayMs"))
                        .findFirst()
                        .map(maxes::get)
                        .filter(d -> d >= 0)
                        .map(Double::longValue)
                        .orElse(null);
        Long unreachable =
                wanted.stream()
                        .filter(n -> n.endsWith("." + DownstreamOutage.METRIC))
                        .findFirst()
                        .map(maxes::get)
                        .map(Double::longValue)
                        .orElse(null);
        return facts.report("apply", null, List.of(), null, null, delay, rate, null)
                .withDownstreamUnreachableMs(unreachable);
    }

    /**
     * The capture's delay (docs/operations.md, Delay): its metric once it reads the binlog; in the
     * snapshot, before any binlog event, the time since the job started, since the upstream's
     * changes from then on wait for the snapshot to end. Null when unknown.
     */
    static Long captureDelay(long metric, String phase, long jobStartMs, long now) {
        if (metric >= 0) {
            return metric;
        }
        if (phase.equals("snapshot") && jobStartMs > 0) {
            return Math.max(0, now - jobStartMs);
        }
        return null;
    }

    /** The subtask reading the binlog: its position and its delay metric (-1 if none). */
    private record BinlogReader(BinlogPosition position, long delayMs) {}

    /**
     * The subtask furthest along in the binlog (only one reads it after the snapshot; snapshot
     * readers may have read some binlog while backfilling their chunks, and stopped there).
     */
    private static BinlogReader binlogReader(
            FlinkRestClient rest, String jobId, JsonNode vertex, List<String> names)
            throws IOException {
        String file = find(names, CaptureMetrics.BINLOG_FILE);
        String position = find(names, CaptureMetrics.BINLOG_POSITION);
        String lag = find(names, CaptureMetrics.CAPTURE_LAG);
        if (file == null || position == null) {
            return new BinlogReader(null, -1);
        }
        List<String> wanted = lag == null ? List.of(file, position) : List.of(file, position, lag);
        BinlogReader best = new BinlogReader(null, -1);
        for (int subtask = 0; subtask < vertex.path("parallelism").asInt(1); subtask++) {
            Map<String, String> values =
                    rest.subtask(jobId, vertex.path("id").asText(), subtask, wanted);
            String name = values.getOrDefault(file, "");
            long offset = parseLong(values.get(position));
            if (name.isEmpty() || offset < 0) {
                continue;
            }
            BinlogPosition candidate = new BinlogPosition(name, offset);
            if (best.position() == null || compare(candidate, best.position()) > 0) {
                best = new BinlogReader(candidate, lag == null ? -1 : parseLong(values.get(lag)));
            }
        }
        return best;
    }

    static int compare(BinlogPosition a, BinlogPosition b) {
        int files =
                Long.compare(
                        CaptureMetrics.fileIndex(a.file()), CaptureMetrics.fileIndex(b.file()));
        return files != 0 ? files : Long.compare(a.position(), b.position());
    }

    private Set<String> databases(Set<String> tables) {
        Set<String> databases = new TreeSet<>();
        for (String table : tables) {
            databases.add(table.substring(0, table.indexOf('.')));
        }
        for (String pattern : tablePatterns) {
            int dot = pattern.indexOf('.');
            String database = dot < 0 ? pattern : pattern.substring(0, dot);
            if (database.matches("[A-Za-z0-9_$]+")) {
                databases.add(database);
            }
        }
        return databases;
    }

    /** The estimates of the tables the capture's patterns name (all, without patterns). */
    private Map<String, Long> matching(Map<String, Long> estimates) {
        if (tablePatterns.isEmpty()) {
            return estimates;
        }
        Map<String, Long> matching = new HashMap<>();
        estimates.forEach(
                (table, rows) -> {
                    for (String pattern : tablePatterns) {
                        try {
                            if (table.matches(pattern)) {
                                matching.put(table, rows);
                            }
                        } catch (PatternSyntaxException e) {
                            // not a pattern status can use
                        }
                    }
                });
        return matching;
    }

    private static LastError lastError(FlinkRestClient rest, String jobId) {
        try {
            JsonNode exceptions = rest.get("/jobs/" + jobId + "/exceptions?maxExceptions=1");
            JsonNode newest = exceptions.path("exceptionHistory").path("entries").path(0);
            if (!newest.isMissingNode()) {
                String trace = newest.path("stacktrace").asText("");
                String message =
                        trace.isEmpty()
                                ? newest.path("exceptionName").asText()
                                : trace.lines().findFirst().orElse("").strip();
                return new LastError(
                        Instant.ofEpochMilli(newest.path("timestamp").asLong()), message);
            }
        } catch (IOException e) {
            // no exceptions to show
        }
        return null;
    }

    private static Long restarts(FlinkRestClient rest, String jobId) {
        try {
            String value = rest.jobMetrics(jobId, "numRestarts").get("numRestarts");
            return value == null ? null : parseLong(value);
        } catch (IOException e) {
            return null;
        }
    }

    private static JsonNode vertex(JsonNode vertices, String operator) {
        for (JsonNode vertex : vertices) {
            if (vertex.path("name").asText().contains(operator)) {
                return vertex;
            }
        }
        return null;
    }

    private static String find(List<String> names, String metric) {
        return names.stream().filter(n -> n.endsWith(FERRY + metric)).findFirst().orElse(null);
    }

    private static Double value(
            Map<String, Double> values, List<String> names, String metric, double fallback) {
        String name = find(names, metric);
        return name == null ? fallback : values.getOrDefault(name, fallback);
    }

    private static long parseLong(String value) {
        try {
            return value == null ? -1 : (long) Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** What every job report shares, read once per job. */
    private record JobFacts(
            FlinkRestClient rest, JsonNode job, LastError lastError, Long restarts) {
        String jobId() {
            return job.path("jid").asText();
        }

        JobReport report(
                String kind,
                String phase,
                List<TableProgress> tables,
                BinlogPosition captured,
                BinlogPosition latest,
                Long delayMs,
                Double eventsPerSecond,
                Long etaSeconds) {
            long start = job.path("start-time").asLong(-1);
            return new JobReport(
                    kind,
                    job.path("name").asText(),
                    jobId(),
                    rest.baseUrl(),
                    job.path("state").asText(),
                    start > 0 ? Instant.ofEpochMilli(start) : null,
                    restarts,
                    phase,
                    tables,
                    captured,
                    latest,
                    delayMs,
                    eventsPerSecond,
                    etaSeconds,
                    lastError,
                    null,
                    null);
        }
    }
}
