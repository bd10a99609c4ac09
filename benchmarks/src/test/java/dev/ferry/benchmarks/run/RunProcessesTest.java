package dev.ferry.benchmarks.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunProcessesTest {
    @TempDir Path work;

    @Test
    void aPausedProcessIsStoppedUntilResumed() throws Exception {
        RunProcesses processes = new RunProcesses();
        RunProcess sleeper =
                processes.start("sleeper", List.of("sleep", "60"), Map.of(), work.resolve("s.log"));
        try {
            processes.pauseAll();
            assertThat(state(sleeper.pid())).isEqualTo("T");
            processes.resumeAll();
            assertThat(state(sleeper.pid())).isIn("S", "R");
        } finally {
            processes.stopAll();
        }
        assertThat(sleeper.alive()).isFalse();
    }

    @Test
    void namedProcessesArePausedAndResumedAlone() throws Exception {
        RunProcesses processes = new RunProcesses();
        RunProcess capture =
                processes.start("capture", List.of("sleep", "60"), Map.of(), work.resolve("c.log"));
        RunProcess apply =
                processes.start("apply", List.of("sleep", "60"), Map.of(), work.resolve("a.log"));
        try {
            processes.pause("capture", "apply");
            processes.resume("capture");
            assertThat(state(capture.pid())).isIn("S", "R");
            assertThat(state(apply.pid())).isEqualTo("T");
            assertThatThrownBy(() -> processes.pause("stock"))
                    .hasMessageContaining("no stock process in this measurement");
        } finally {
            processes.stopAll();
        }
    }

    @Test
    void theEnvironmentReachesTheProcessAndItsOutputTheLog() throws Exception {
        RunProcesses processes = new RunProcesses();
        RunProcess echo =
                processes.start(
                        "echo",
                        List.of("sh", "-c", "echo \"secret is $BENCH_SECRET\"; sleep 60"),
                        Map.of("BENCH_SECRET", "s3"),
                        work.resolve("echo.log"));
        try {
            echo.awaitLog("secret is s3", Duration.ofSeconds(10));
        } finally {
            processes.stopAll();
        }
    }

    @Test
    void aDeadProcessIsNamedWithItsLastLines() throws Exception {
        RunProcesses processes = new RunProcesses();
        RunProcess failing =
                processes.start(
                        "capture",
                        List.of("sh", "-c", "echo no binlog; exit 3"),
                        Map.of(),
                        work.resolve("c.log"));
        failing.await();

        assertThatThrownBy(processes::checkAlive)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the capture process died (exit 3)")
                .hasMessageContaining("no binlog");
        assertThatThrownBy(() -> failing.awaitLog("is running", Duration.ofSeconds(5)))
                .hasMessageContaining("exited with 3");
    }

    private static String state(long pid) throws IOException, InterruptedException {
        for (int i = 0; i < 50; i++) {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String state = stat.substring(stat.lastIndexOf(')') + 2).split(" ")[0];
            if (!state.equals("R")) {
                return state;
            }
            Thread.sleep(20);
        }
        return "R";
    }
}
