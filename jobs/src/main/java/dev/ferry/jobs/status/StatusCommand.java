package dev.ferry.jobs.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.ferry.config.Settings;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jobs.cli.ConfigArguments;
import dev.ferry.options.MonitoringOptions;
import dev.ferry.options.UpstreamOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.flink.configuration.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ferry status}: reads the running jobs from Flink's REST API and prints them as text, as
 * JSON ({@code --json}), as one live line ({@code --progress}, with {@code --watch}), or serves the
 * JSON over HTTP ({@code --serve PORT}). Takes the capture's options ({@code --config
 * capture.properties}) to reach the upstream.
 */
@Command(
        name = "status",
        sortOptions = false,
        usageHelpWidth = 100,
        description = "Phase, snapshot progress, binlog position and delay of the running jobs.")
public final class StatusCommand implements Callable<Integer> {
    private static final ObjectMapper JSON =
            new ObjectMapper()
                    .registerModule(new JavaTimeModule())
                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                    .enable(SerializationFeature.INDENT_OUTPUT);

    @Spec CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;

    @Option(names = "--json", description = "The status as JSON.")
    boolean json;

    @Option(
            names = "--progress",
            description = "One line: a progress bar with ETA in the snapshot, the lag after it.")
    boolean progress;

    @Option(
            names = "--watch",
            paramLabel = "SECONDS",
            description = "Print again every SECONDS seconds until stopped.")
    Integer watch;

    @Option(
            names = "--serve",
            paramLabel = "PORT",
            description = "Serve the JSON at http://127.0.0.1:PORT/status (text: /status.txt).")
    Integer serve;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        StatusCollector collector =
                collector(ConfigArguments.read(spec.commandLine().getParseResult()));
        if (serve != null) {
            StatusServer server = StatusServer.start(serve, collector);
            out.println("ferry status: serving http://127.0.0.1:" + server.port() + "/status");
            out.flush();
            Thread.currentThread().join();
        }
        while (true) {
            StatusReport report = collector.collect();
            if (json) {
                out.println(json(report));
            } else if (progress) {
                out.print((watch == null ? "" : "\r\033[K") + StatusText.progressLine(report));
                out.print(watch == null ? "\n" : "");
            } else {
                out.print(StatusText.full(report));
            }
            out.flush();
            if (watch == null) {
                return report.unreachable().isEmpty() ? 0 : 1;
            }
            Thread.sleep(watch * 1000L);
        }
    }

    /** The collector for these options: Flink REST URLs, and the upstream when it is configured. */
    public static StatusCollector collector(Configuration options) {
        List<String> urls =
                Arrays.stream(options.get(MonitoringOptions.FLINK_REST_URLS).split(","))
                        .map(String::strip)
                        .filter(s -> !s.isEmpty())
                        .toList();
        DatabaseEndpoint upstream = null;
        if (options.getOptional(UpstreamOptions.ENDPOINT.username()).isPresent()) {
            upstream = Settings.endpoint(options, UpstreamOptions.ENDPOINT, System::getenv);
        }
        List<String> tables =
                options.getOptional(UpstreamOptions.TABLES)
                        .map(t -> Arrays.stream(t.split(",")).map(String::strip).toList())
                        .orElse(List.of());
        return new StatusCollector(urls, upstream, tables, System::currentTimeMillis);
    }

    public static String json(StatusReport report) {
        try {
            return JSON.writeValueAsString(report);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
