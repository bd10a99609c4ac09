package dev.ferry.jobs.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The few calls of Flink's REST API (/jobs, /vertices/.../metrics, /exceptions) status needs. */
final class FlinkRestClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

    FlinkRestClient(String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    String baseUrl() {
        return baseUrl;
    }

    JsonNode get(String path) throws IOException {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create(baseUrl + path))
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build();
        try {
            HttpResponse<String> response =
                    http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (response.statusCode() != 200) {
                throw new IOException("GET " + baseUrl + path + ": HTTP " + response.statusCode());
            }
            return JSON.readTree(response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** The ids of the metrics of one vertex, summed over its subtasks by Flink. */
    List<String> metricNames(String jobId, String vertexId) throws IOException {
        List<String> names = new ArrayList<>();
        for (JsonNode metric :
                get("/jobs/" + jobId + "/vertices/" + vertexId + "/subtasks/metrics")) {
            names.add(metric.path("id").asText());
        }
        return names;
    }

    /**
     * {@code agg} ("sum" or "max") of each metric over a vertex's subtasks; absent when unknown.
     */
    Map<String, Double> aggregated(String jobId, String vertexId, List<String> names, String agg)
            throws IOException {
        Map<String, Double> values = new HashMap<>();
        if (names.isEmpty()) {
            return values;
        }
        String path = "/jobs/" + jobId + "/vertices/" + vertexId + "/subtasks/metrics";
        for (JsonNode metric : metrics(path, names, "&agg=" + agg)) {
            if (metric.has(agg)) {
                values.put(metric.path("id").asText(), metric.path(agg).asDouble());
            }
        }
        return values;
    }

    /** The current values of metrics of one subtask, as Flink prints them. */
    Map<String, String> subtask(String jobId, String vertexId, int subtask, List<String> names)
            throws IOException {
        String path = "/jobs/" + jobId + "/vertices/" + vertexId + "/subtasks/" + subtask;
        return values(metrics(path + "/metrics", names, ""));
    }

    /** Job-level metrics such as numRestarts. */
    Map<String, String> jobMetrics(String jobId, String... names) throws IOException {
        return values(metrics("/jobs/" + jobId + "/metrics", List.of(names), ""));
    }

    private JsonNode metrics(String path, List<String> names, String more) throws IOException {
        return get(
                path
                        + "?get="
                        + URLEncoder.encode(String.join(",", names), StandardCharsets.UTF_8)
                        + more);
    }

    private static Map<String, String> values(JsonNode metrics) {
        Map<String, String> values = new HashMap<>();
        for (JsonNode metric : metrics) {
            values.put(metric.path("id").asText(), metric.path("value").asText());
        }
        return values;
    }
}
