package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.probe.Args;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Samples the apply job's metrics (docs/consistency.md, "Metrics") from its Prometheus endpoint
 * until it is killed, one TSV line per sample: the applied-events, -bytes and -transactions
 * counters, replicationDelayMs, inFlightTransactions and transactionsSpilled. The endpoint serves
 * current values (Flink's REST API would serve values up to its fetch interval old).
 *
 * <pre>
 * ApplyMetricsSampler --url http://127.0.0.1:9250/metrics --out metrics.tsv [--interval-ms 500]
 * </pre>
 */
public final class ApplyMetricsSampler {
    /** The columns after the sample's epoch ms; each the suffix of a ferry metric name. */
    public static final List<String> METRICS =
            List.of(
                    "eventsApplied",
                    "bytesApplied",
                    "transactionsApplied",
                    "replicationDelayMs",
                    "inFlightTransactions",
                    "transactionsSpilled");

    private static final Set<String> NAMES = Set.of("url", "out", "interval-ms");

    private ApplyMetricsSampler() {}

    public static void main(String[] argv) throws Exception {
        Args args = Args.parse("ApplyMetricsSampler", argv, NAMES);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request =
                HttpRequest.newBuilder(URI.create(args.get("url")))
                        .timeout(Duration.ofSeconds(5))
                        .build();
        long interval = args.getLong("interval-ms", 500);
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args.get("out"))))) {
            out.println("ms\t" + String.join("\t", METRICS));
            out.flush();
            while (true) {
                long now = System.currentTimeMillis();
                try {
                    String body = http.send(request, HttpResponse.BodyHandlers.ofString()).body();
                    Map<String, Double> sums = PrometheusText.sums(body);
                    StringBuilder line = new StringBuilder(Long.toString(now));
                    for (String metric : METRICS) {
                        line.append('\t')
                                .append(
                                        String.format(
                                                Locale.ROOT,
                                                "%.0f",
                                                PrometheusText.bySuffix(sums, metric)));
                    }
                    out.println(line);
                    out.flush();
                } catch (IOException notUpYet) {
                    // the apply job's reporter starts with its mini-cluster; keep asking
                }
                Thread.sleep(Math.max(0, interval - (System.currentTimeMillis() - now)));
            }
        }
    }
}
