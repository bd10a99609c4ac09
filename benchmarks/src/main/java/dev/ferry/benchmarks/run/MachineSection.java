package dev.ferry.benchmarks.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A report's "Machine" section: the hardware, every component's version, where the services came
 * from, ferry's commit and the load, so that two reports can be told apart.
 */
public final class MachineSection {
    private MachineSection() {}

    /** The section of a run: the host, the run's services and their versions, ferry's commit. */
    public static String of(BenchRun run) {
        return section(run);
    }

    /** The section without services (a summary written from earlier reports): host and tools. */
    public static String hostOnly() {
        return section(null);
    }

    private static String section(BenchRun run) {
        StringBuilder text = new StringBuilder("## Machine\n\n");
        text.append("- ")
                .append(Runtime.getRuntime().availableProcessors())
                .append(" cores (")
                .append(cpuModel())
                .append("), ")
                .append(memory())
                .append(" memory, ")
                .append(osRelease())
                .append(", ")
                .append(command("uname", "-sr"))
                .append('\n');
        if (run != null) {
            text.append("- ").append(databases(run)).append('\n');
        }
        text.append("- ")
                .append(run == null ? "" : "Kafka " + kafkaVersion(run) + " (one KRaft broker); ")
                .append("Flink ")
                .append(pomProperty("flink.version"))
                .append(" (embedded mini-cluster per job), Flink CDC ")
                .append(pomProperty("flink-cdc.version"))
                .append(", flink-connector-jdbc ")
                .append(pomProperty("flink-jdbc.version"))
                .append(", flink-connector-kafka ")
                .append(pomProperty("flink-kafka.version"))
                .append(", MySQL Connector/J ")
                .append(pomProperty("mysql-connector.version"))
                .append('\n');
        text.append("- ")
                .append(System.getProperty("java.runtime.name"))
                .append(" (build ")
                .append(System.getProperty("java.runtime.version"))
                .append("); ")
                .append(command("sysbench", "--version"))
                .append("; ")
                .append(command("mydumper", "--version"))
                .append("; ")
                .append(command("myloader", "--version"))
                .append('\n');
        if (run != null) {
            text.append("- services: ").append(run.services().origin()).append('\n');
        }
        text.append("- ferry at ")
                .append(command("git", "rev-parse", "--short", "HEAD"))
                .append(" (")
                .append(command("git", "rev-parse", "--abbrev-ref", "HEAD"))
                .append(
                        command(
                                                "git",
                                                "status",
                                                "--porcelain",
                                                "--",
                                                "jobs",
                                                "connectors",
                                                "benchmarks",
                                                ":!benchmarks/results")
                                        .isEmpty()
                                ? ""
                                : ", with uncommitted changes")
                .append(")\n");
        text.append("- shared with other work: load average ")
                .append(loadAverage())
                .append(" when the report was written\n");
        return text.toString();
    }

    /** The 1, 5 and 15 minute load averages, "1.02, 0.87, 0.55". */
    public static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + ", " + fields[1] + ", " + fields[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String databases(BenchRun run) {
        return "upstream " + server(run.upstream()) + ", downstream " + server(run.downstream());
    }

    private static String server(SqlClient client) {
        try {
            String version = client.value("SELECT VERSION()");
            if (version.contains("TiDB")) {
                return "TiDB " + version + " (tidb-server, unistore: one process, no PD or TiKV)";
            }
            return (version.contains("MariaDB") ? "MariaDB " : "MySQL ") + version;
        } catch (SQLException e) {
            return "(version unknown: " + e.getMessage() + ")";
        }
    }

    /** The kafka-clients jar version on the broker's class path (also inside a container). */
    private static String kafkaVersion(BenchRun run) {
        Long pid = run.services().pids().get("kafka");
        if (pid == null) {
            return "(version unknown)";
        }
        try {
            String cmdline =
                    Files.readString(Path.of("/proc/" + pid + "/cmdline")).replace('\0', ' ');
            Matcher libs = Pattern.compile("(\\S*/libs)/\\*").matcher(cmdline);
            if (libs.find()) {
                for (Path root : List.of(Path.of("/"), Path.of("/proc/" + pid + "/root"))) {
                    Path dir = root.resolve(libs.group(1).substring(1));
                    if (Files.isDirectory(dir)) {
                        try (Stream<Path> jars = Files.list(dir)) {
                            Matcher version =
                                    jars.map(
                                                    jar ->
                                                            Pattern.compile(
                                                                            "kafka-clients-(.*)\\.jar")
                                                                    .matcher(
                                                                            jar.getFileName()
                                                                                    .toString()))
                                            .filter(Matcher::matches)
                                            .findFirst()
                                            .orElse(null);
                            if (version != null) {
                                return version.group(1);
                            }
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not readable here
        }
        return "(version unknown)";
    }

    private static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(line -> line.startsWith("model name"))
                    .map(line -> line.substring(line.indexOf(':') + 1).strip())
                    .findFirst()
                    .orElse("unknown model");
        } catch (IOException e) {
            return "unknown model";
        }
    }

    private static String memory() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
            long kb =
                    lines.filter(line -> line.startsWith("MemTotal"))
                            .map(line -> Long.parseLong(line.replaceAll("\\D", "")))
                            .findFirst()
                            .orElse(0L);
            return String.format(Locale.ROOT, "%.1f GiB", kb / 1048576.0);
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String osRelease() {
        try (Stream<String> lines = Files.lines(Path.of("/etc/os-release"))) {
            return lines.filter(line -> line.startsWith("PRETTY_NAME="))
                    .map(line -> line.substring("PRETTY_NAME=".length()).replace("\"", ""))
                    .findFirst()
                    .orElse("unknown OS");
        } catch (IOException e) {
            return "unknown OS";
        }
    }

    private static String pomProperty(String name) {
        try {
            Matcher value =
                    Pattern.compile(
                                    "<"
                                            + Pattern.quote(name)
                                            + ">(.*)</"
                                            + Pattern.quote(name)
                                            + ">")
                            .matcher(Files.readString(Path.of("pom.xml")));
            return value.find() ? value.group(1) : "unknown";
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The first line a command prints (stdout and stderr), "" when it cannot run. */
    static String command(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor(10, TimeUnit.SECONDS);
            String first = output.strip().split("\n")[0];
            return command[0].equals("git") && command[1].equals("status") ? output.strip() : first;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
