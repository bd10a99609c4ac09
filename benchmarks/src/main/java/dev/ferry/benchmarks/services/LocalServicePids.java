package dev.ferry.benchmarks.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The pids of the services bin/services started, from the pid files in its run folder
 * (FERRY_RUN_DIR), so that the reports can show their CPU as the old scripts did.
 */
public final class LocalServicePids {
    private static final Map<String, String> FILES =
            Map.of(
                    "upstream", "upstream/mariadb.pid",
                    "downstream", "downstream/mariadb.pid",
                    "kafka", "kafka/kafka.pid");

    private LocalServicePids() {}

    /** Those of upstream, downstream and kafka whose pid file exists and names a live process. */
    public static Map<String, Long> read(Path runDir) {
        Map<String, Long> pids = new LinkedHashMap<>();
        if (runDir == null) {
            return pids;
        }
        for (String service : new String[] {"upstream", "downstream", "kafka"}) {
            Path file = runDir.resolve(FILES.get(service));
            try {
                long pid = Long.parseLong(Files.readString(file).strip());
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    pids.put(service, pid);
                }
            } catch (IOException | NumberFormatException e) {
                // no such service here, or not started by bin/services: its CPU is not shown
            }
        }
        return pids;
    }
}
