package dev.ferry.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.JobID;

/**
 * A job's checkpoint counts as its Flink REST API reports them ({@code /jobs/:id/checkpoints}), and
 * why the failed ones among its recent history failed, for a job started with {@code
 * monitoring.rest-port}.
 */
public record CheckpointCounts(
        long completed, long failed, long inProgress, List<String> failures) {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static CheckpointCounts read(int restPort, JobID job) throws Exception {
        HttpRequest request =
                HttpRequest.newBuilder(
                                URI.create(
                                        "http://127.0.0.1:"
                                                + restPort
                                                + "/jobs/"
                                                + job
                                                + "/checkpoints"))
                        .timeout(Duration.ofSeconds(10))
                        .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    "checkpoint statistics: HTTP " + response.statusCode() + " " + response.body());
        }
        JsonNode statistics = new ObjectMapper().readTree(response.body());
        JsonNode counts = statistics.path("counts");
        List<String> failures = new ArrayList<>();
        for (JsonNode checkpoint : statistics.path("history")) {
            if ("FAILED".equals(checkpoint.path("status").asText())) {
                failures.add(
                        "checkpoint "
                                + checkpoint.path("id").asLong()
                                + ": "
                                + checkpoint.path("failure_message").asText());
            }
        }
        return new CheckpointCounts(
                counts.path("completed").asLong(),
                counts.path("failed").asLong(),
                counts.path("in_progress").asLong(),
                failures);
    }
}
