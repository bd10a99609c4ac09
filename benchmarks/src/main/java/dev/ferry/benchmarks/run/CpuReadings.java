package dev.ferry.benchmarks.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * CPU seconds used so far by the run's measured processes and by the services (as the reports name
 * them: "kafka", "down", "up"), and the machine's steal time, read from /proc: what lib/bench.sh's
 * cpu_all printed. Two readings give a {@link dev.ferry.benchmarks.report.CpuUse}.
 */
public final class CpuReadings {
    /** The name of the hypervisor's steal time (all cores) in a reading. */
    public static final String STEAL = "steal";

    private static final Map<String, String> SERVICE_NAMES =
            Map.of("kafka", "kafka", "downstream", "down", "upstream", "up");

    private CpuReadings() {}

    /** A reading of the run's processes and services. */
    public static Map<String, Double> read(BenchRun run) {
        Map<String, Long> pids = new LinkedHashMap<>(run.processes().pids());
        run.services()
                .pids()
                .forEach(
                        (service, pid) ->
                                pids.put(SERVICE_NAMES.getOrDefault(service, service), pid));
        Map<String, Double> seconds = of(pids);
        steal().ifPresent(ticks -> seconds.put(STEAL, ticks / 100.0));
        return seconds;
    }

    /** CPU seconds so far of each process; one /proc cannot read counts 0 (it is gone). */
    public static Map<String, Double> of(Map<String, Long> pids) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        pids.forEach(
                (name, pid) -> {
                    OptionalLong millis = ProcStat.processMillis(pid);
                    seconds.put(name, millis.orElse(0) / 1000.0);
                });
        return seconds;
    }

    /** Steal ticks of all cores from /proc/stat's "cpu" line (its 8th value). */
    private static OptionalLong steal() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
                String[] fields = line.trim().split("\\s+");
                if (fields[0].equals("cpu") && fields.length > 8) {
                    return OptionalLong.of(Long.parseLong(fields[8]));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // no /proc/stat: no steal figure
        }
        return OptionalLong.empty();
    }
}
