package dev.ferry.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A ferry job run from the shaded jar as its own process ({@code java -jar ferry.jar <job>}), the
 * way users run it embedded: so a test can kill it with SIGKILL, as a crash would.
 */
public final class JarProcess implements AutoCloseable {
    public static final Path JAR =
            Path.of(System.getProperty("ferry.repo", "..")).resolve("jobs/target/ferry.jar");

    private final Process process;
    private final Path log;

    private JarProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code job} with {@code options} (written to a properties file in {@code work}) and
     * waits until it reports running.
     */
    public static JarProcess start(
            String job, Map<String, String> options, String heap, Path work, String name)
            throws IOException {
        assertThat(JAR).as("run `mvn package` first").isRegularFile();
        List<String> lines = new ArrayList<>();
        options.forEach((key, value) -> lines.add(key + "=" + value));
        Path config = Files.write(work.resolve(name + ".properties"), lines);
        Path log = work.resolve(name + ".log");
        Process process =
                new ProcessBuilder(
                                "java",
                                "-Xmx" + heap,
                                "-jar",
                                JAR.toString(),
                                job,
                                "--config",
                                config.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                        .start();
        JarProcess started = new JarProcess(process, log);
        Await.until(
                job + " process to run",
                Duration.ofMinutes(1),
                () -> {
                    assertThat(process.isAlive()).as(started.log()).isTrue();
                    return started.log().contains("is running");
                });
        return started;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL: no shutdown hook, no cancel, nothing flushed. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
