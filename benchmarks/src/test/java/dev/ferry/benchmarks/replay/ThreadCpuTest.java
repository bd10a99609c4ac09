package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ferry.benchmarks.run.ProcStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadCpuTest {
    @Test
    void compilerAndCollectorThreadsAreToldApartByName() {
        assertThat(ThreadCpu.kind("C2 CompilerThre")).isEqualTo(ThreadCpu.Kind.JIT);
        assertThat(ThreadCpu.kind("C1 CompilerThre")).isEqualTo(ThreadCpu.Kind.JIT);
        assertThat(ThreadCpu.kind("G1 Conc#0")).isEqualTo(ThreadCpu.Kind.GC);
        assertThat(ThreadCpu.kind("GC Thread#3")).isEqualTo(ThreadCpu.Kind.GC);
        assertThat(ThreadCpu.kind("VM Periodic Tas")).isEqualTo(ThreadCpu.Kind.GC);
        assertThat(ThreadCpu.kind("Source: mysql (")).isEqualTo(ThreadCpu.Kind.OTHER);
        assertThat(ThreadCpu.kind("C3 CompilerThre")).isEqualTo(ThreadCpu.Kind.OTHER);
        assertThat(ThreadCpu.kind("my G1 thread")).isEqualTo(ThreadCpu.Kind.OTHER);
    }

    @Test
    void theSharesAreTheSumsOfTheirThreadsUserAndSystemTicks(@TempDir Path tasks)
            throws IOException {
        List<ProcStat> threads = new ArrayList<>();
        threads.add(stat(tasks, "1", "C2 CompilerThre", 150, 50)); // 2.0 s
        threads.add(stat(tasks, "2", "C1 CompilerThre", 30, 20)); // 0.5 s
        threads.add(stat(tasks, "3", "GC Thread#0", 10, 0)); // 0.1 s
        threads.add(stat(tasks, "4", "java", 9000, 1000)); // neither
        ThreadCpu cpu = ThreadCpu.of(threads);
        assertThat(cpu.jitSeconds()).isCloseTo(2.5, within(1e-9));
        assertThat(cpu.gcSeconds()).isCloseTo(0.1, within(1e-9));
    }

    @Test
    void aProcessThatIsGoneHasNoShares() {
        assertThat(ThreadCpu.read(Long.MAX_VALUE)).isEqualTo(new ThreadCpu(0, 0));
    }

    /** A /proc/…/stat line: utime and stime are the 14th and 15th fields. */
    private static ProcStat stat(Path folder, String tid, String name, long utime, long stime)
            throws IOException {
        Path file = folder.resolve(tid);
        Files.writeString(
                file,
                tid
                        + " ("
                        + name
                        + ") S 1 1 1 0 -1 4194368 100 0 0 0 "
                        + utime
                        + " "
                        + stime
                        + " 0 0 20 0 1 0 100 0 0\n");
        return ProcStat.read(file).orElseThrow();
    }
}
