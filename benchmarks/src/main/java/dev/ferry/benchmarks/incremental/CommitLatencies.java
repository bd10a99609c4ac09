package dev.ferry.benchmarks.incremental;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The apply's downstream commit latency: the p50, p95 and p99 in ms of its {@code commitLatencyUs}
 * histogram (its last 1024 commits), from one scrape of its Prometheus endpoint.
 */
final class CommitLatencies {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Map<String, LiveField> QUANTILES =
            Map.of(
                    "quantile=\"0.5\"", LiveField.C50,
                    "quantile=\"0.95\"", LiveField.C95,
                    "quantile=\"0.99\"", LiveField.C99);

    private CommitLatencies() {}

    /** Scrapes 127.0.0.1:{@code port}/metrics; empty when it serves none or cannot be reached. */
    static Map<LiveField, Double> scrape(int port) {
        try {
            HttpResponse<String> response =
                    HTTP.send(
                            HttpRequest.newBuilder(
                                            URI.create("http://127.0.0.1:" + port + "/metrics"))
                                    .timeout(Duration.ofSeconds(5))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200
                    ? parse(response.body())
                    : new EnumMap<>(LiveField.class);
        } catch (IOException e) {
            return new EnumMap<>(LiveField.class);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new EnumMap<>(LiveField.class);
        }
    }

    /**
     * The quantiles in ms of the {@code …_commitLatencyUs{…quantile="…"…} value} samples of
     * Prometheus text (the last of each wins; NaN samples are skipped); all three or none.
     */
    static Map<LiveField, Double> parse(String text) {
        Map<LiveField, Double> figures = new EnumMap<>(LiveField.class);
        for (String line : text.split("\n")) {
            if (!line.contains("_commitLatencyUs{")) {
                continue;
            }
            String[] words = line.strip().split("\\s+");
            double micros;
            try {
                micros = Double.parseDouble(words[words.length - 1]);
            } catch (NumberFormatException e) {
                continue;
            }
            if (Double.isNaN(micros)) {
                continue;
            }
            QUANTILES.forEach(
                    (label, field) -> {
                        if (line.contains(label)) {
                            figures.put(field, micros / 1000);
                        }
                    });
        }
        return figures.containsKey(LiveField.C50) ? figures : new EnumMap<>(LiveField.class);
    }
}
