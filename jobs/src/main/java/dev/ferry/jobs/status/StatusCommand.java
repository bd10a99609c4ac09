package dev.ferry.jobs.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.ferry.config.FerryConfigException;
import dev.ferry.config.Settings;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jobs.cli.JobArguments;
import dev.ferry.options.MonitoringOptions;
import dev.ferry.options.UpstreamOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.configuration.Configuration;

/**
 * {@code ferry status}: reads the running jobs from Flink's REST API and prints them as text, as
 * JSON ({@code --json}), as one live line ({@code --progress}, with {@code --watch}), or serves the
 * JSON over HTTP ({@code --serve PORT}). Takes the capture's options ({@code --config
 * capture.properties}) to reach the upstream.
 */
public final class StatusCommand {
    public static final String USAGE =
            String.join(
                    "\n",
                    "usage: ferry status [--json | --progress] [--watch SECONDS] [--serve PORT]",
                    "                    [--config capture.properties] [--monitoring.flink-rest-urls URL,...]",
                    "  --json       the status as JSON",
                    "  --progress   one line: a progress bar with ETA in the snapshot, the lag after it",
                    "  --watch N    print again every N seconds until stopped",
                    "  --serve P    serve the JSON at http://127.0.0.1:P/status (text: /status.txt)");
    private static final ObjectMapper JSON =
            new ObjectMapper()
                    .registerModule(new JavaTimeModule())
                    .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                    .enable(SerializationFeature.INDENT_OUTPUT);

    private StatusCommand() {}

    public static int run(List<String> args, PrintStream out) throws Exception {
        List<String> options = new ArrayList<>();
        boolean json = false;
        boolean progress = false;
        Integer serve = null;
        Integer watch = null;
        for (int i = 0; i < args.size(); i++) {
            switch (args.get(i)) {
                case "--help" -> {
                    out.println(USAGE);
                    return 0;
                }
                case "--json" -> json = true;
                case "--progress" -> progress = true;
                case "--serve" -> serve = number(args, ++i);
                case "--watch" -> watch = number(args, ++i);
                default -> options.add(args.get(i));
            }
        }
        StatusCollector collector = collector(JobArguments.parse(options));
        if (serve != null) {
            StatusServer server = StatusServer.start(serve, collector);
            out.println("ferry status: serving http://127.0.0.1:" + server.port() + "/status");
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

    private static int number(List<String> args, int index) {
        try {
            return Integer.parseInt(args.get(index));
        } catch (IndexOutOfBoundsException | NumberFormatException e) {
            throw new FerryConfigException(args.get(index - 1) + " needs a number.\n" + USAGE);
        }
    }
}
