package dev.ferry.benchmarks.replay;

import java.nio.file.Path;
import java.util.List;

/** The JVM flag that records a pipeline's execution samples (conf/cpu-samples.jfc) for --jfr. */
final class JfrFlags {
    private JfrFlags() {}

    /** No flag without a folder; else one recording to DIR/NAME.jfr. */
    static List<String> recording(Path dir, String name) {
        if (dir == null) {
            return List.of();
        }
        return List.of(
                "-XX:StartFlightRecording=settings="
                        + Path.of("benchmarks/conf/cpu-samples.jfc").toAbsolutePath()
                        + ",filename="
                        + dir.resolve(name + ".jfr"));
    }
}
