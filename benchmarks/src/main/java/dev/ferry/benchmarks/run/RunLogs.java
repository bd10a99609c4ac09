package dev.ferry.benchmarks.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** What the logs of a run's processes say went wrong, for its report. */
public final class RunLogs {
    private static final Pattern RESTART = Pattern.compile("will be restarted|to RESTARTING");
    private static final List<String> PIPELINE_LOGS =
            List.of("apply.log", "stock.log", "capture.log");

    private final Path work;

    public RunLogs(Path work) {
        this.work = work;
    }

    /**
     * {@code what}, and the first log line that says why: ferry's own error line ("ferry: ...") if
     * a pipeline printed one, else the first ERROR or exception.
     */
    public String failure(String what) {
        for (Pattern pattern :
                List.of(Pattern.compile("^ferry: "), Pattern.compile("ERROR|Exception"))) {
            for (String name : PIPELINE_LOGS) {
                for (String line : lines(work.resolve(name))) {
                    if (pattern.matcher(line).find()) {
                        return what + ": " + cut(line.replace('|', '/'), 300);
                    }
                }
            }
        }
        return what;
    }

    /** Why a task first failed over: the last "Caused by" before the first restart, or "". */
    public String failoverCause() {
        String cause = "";
        for (Path log : logs()) {
            for (String line : lines(log)) {
                if (line.startsWith("Caused by: ")) {
                    cause = line.substring("Caused by: ".length());
                } else if (RESTART.matcher(line).find()) {
                    return cut(cause.replace('|', '/'), 200);
                }
            }
        }
        return "";
    }

    /** How many task restarts the logs show. */
    public long restarts() {
        return logs().stream()
                .flatMap(log -> lines(log).stream())
                .filter(line -> RESTART.matcher(line).find())
                .count();
    }

    private List<Path> logs() {
        try (Stream<Path> files = Files.list(work)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static List<String> lines(Path log) {
        try {
            return Files.exists(log)
                    ? Files.readAllLines(log, StandardCharsets.UTF_8)
                    : new ArrayList<>();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String cut(String line, int length) {
        return line.length() <= length ? line : line.substring(0, length);
    }
}
