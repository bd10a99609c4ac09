package dev.ferry.jobs.status;

import dev.ferry.jobs.status.StatusReport.JobReport;
import dev.ferry.jobs.status.StatusReport.TableProgress;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Renders a {@link StatusReport} for people: the full report, and the demo's one-line form. */
public final class StatusText {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);
    private static final int BAR = 30;

    private StatusText() {}

    public static String full(StatusReport report) {
        StringBuilder text = new StringBuilder();
        text.append("ferry status at ").append(TIME.format(report.time())).append('\n');
        if (report.jobs().isEmpty()) {
            text.append("no ferry job found\n");
        }
        for (JobReport job : report.jobs()) {
            text.append('\n');
            text.append(
                    String.format(
                            Locale.ROOT,
                            "%s job %s (%s) %s%s%n",
                            job.kind(),
                            job.name(),
                            job.jobId(),
                            job.state(),
                            job.startTime() == null
                                    ? ""
                                    : " since " + TIME.format(job.startTime())));
            line(
                    text,
                    "flink",
                    job.flinkRestUrl()
                            + (job.restarts() == null
                                    ? ""
                                    : ", " + job.restarts() + " restart(s)"));
            if (job.phase() != null) {
                line(text, "phase", job.phase() + snapshotSummary(job));
            }
            if (!job.tables().isEmpty()) {
                text.append(
                        String.format(
                                Locale.ROOT,
                                "  %-36s %12s %12s %7s%n",
                                "table",
                                "rows done",
                                "estimated",
                                "%"));
                for (TableProgress table : job.tables()) {
                    text.append(
                            String.format(
                                    Locale.ROOT,
                                    "  %-36s %12d %12s %6.1f%%%n",
                                    table.table(),
                                    table.rowsDone(),
                                    table.rowsEstimated() == null ? "?" : table.rowsEstimated(),
                                    table.percent()));
                }
            }
            if (job.kind().equals("capture")) {
                line(
                        text,
                        "binlog position",
                        (job.binlogPosition() == null ? "none yet" : job.binlogPosition())
                                + "   upstream latest "
                                + (job.upstreamPosition() == null ? "?" : job.upstreamPosition()));
            }
            if (job.pendingShardDdl() != null) {
                line(text, "shard DDL", "PENDING " + job.pendingShardDdl());
            }
            line(text, "delay", job.delayMs() == null ? "n/a" : seconds(job.delayMs()));
            if (job.downstreamUnreachableMs() != null) {
                line(
                        text,
                        "downstream",
                        job.downstreamUnreachableMs() == 0
                                ? "reachable"
                                : "UNREACHABLE for "
                                        + seconds(job.downstreamUnreachableMs())
                                        + ", waiting for it (apply.downstream-outage-timeout)");
            }
            line(
                    text,
                    "events/s",
                    job.eventsPerSecond() == null
                            ? "n/a"
                            : String.format(Locale.ROOT, "%.1f", job.eventsPerSecond()));
            line(
                    text,
                    "last error",
                    job.lastError() == null
                            ? "none"
                            : TIME.format(job.lastError().time())
                                    + "  "
                                    + job.lastError().message());
        }
        for (String url : report.unreachable()) {
            text.append("\nunreachable: ").append(url).append('\n');
        }
        return text.toString();
    }

    /** The capture's progress in one line: a bar with ETA during the snapshot, lag after it. */
    public static String progressLine(StatusReport report) {
        JobReport capture =
                report.jobs().stream()
                        .filter(j -> j.kind().equals("capture"))
                        .findFirst()
                        .orElse(null);
        JobReport apply =
                report.jobs().stream()
                        .filter(j -> j.kind().equals("apply"))
                        .findFirst()
                        .orElse(null);
        if (capture == null) {
            return "waiting for the capture job"
                    + (report.unreachable().isEmpty()
                            ? ""
                            : " (" + report.unreachable().get(0) + ")");
        }
        String applyPart =
                apply == null
                        ? ""
                        : String.format(
                                        Locale.ROOT,
                                        "  apply %s %.0f ev/s",
                                        apply.state().toLowerCase(Locale.ROOT),
                                        apply.eventsPerSecond() == null
                                                ? 0.0
                                                : apply.eventsPerSecond())
                                + (apply.delayMs() == null
                                        ? ""
                                        : " delay " + seconds(apply.delayMs()));
        if ("snapshot".equals(capture.phase())) {
            long done = capture.tables().stream().mapToLong(TableProgress::rowsDone).sum();
            long total =
                    capture.tables().stream()
                            .mapToLong(t -> t.rowsEstimated() == null ? 0 : t.rowsEstimated())
                            .sum();
            double percent = total <= 0 ? 0 : Math.min(100.0, 100.0 * done / total);
            int filled = (int) Math.round(BAR * percent / 100);
            return String.format(
                            Locale.ROOT,
                            "snapshot [%s%s] %5.1f%%  %d / ~%d rows  %.0f rows/s  ETA %s",
                            "#".repeat(filled),
                            "-".repeat(BAR - filled),
                            percent,
                            done,
                            total,
                            capture.eventsPerSecond() == null ? 0.0 : capture.eventsPerSecond(),
                            capture.etaSeconds() == null ? "?" : clock(capture.etaSeconds()))
                    + applyPart;
        }
        return String.format(
                        Locale.ROOT,
                        "binlog %s (upstream %s)  delay %s  %.0f ev/s",
                        capture.binlogPosition() == null ? "-" : capture.binlogPosition(),
                        capture.upstreamPosition() == null ? "?" : capture.upstreamPosition(),
                        capture.delayMs() == null ? "n/a" : seconds(capture.delayMs()),
                        capture.eventsPerSecond() == null ? 0.0 : capture.eventsPerSecond())
                + applyPart;
    }

    private static String snapshotSummary(JobReport job) {
        if (!"snapshot".equals(job.phase())) {
            return job.tables().isEmpty() ? "" : " (snapshot done)";
        }
        return job.etaSeconds() == null ? "" : " (ETA " + clock(job.etaSeconds()) + ")";
    }

    private static void line(StringBuilder text, String label, String value) {
        text.append(String.format(Locale.ROOT, "  %-16s %s%n", label, value));
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    private static String clock(long seconds) {
        Duration d = Duration.ofSeconds(seconds);
        return String.format(
                Locale.ROOT, "%d:%02d:%02d", d.toHours(), d.toMinutesPart(), d.toSecondsPart());
    }

    static String time(Instant instant) {
        return TIME.format(instant);
    }
}
