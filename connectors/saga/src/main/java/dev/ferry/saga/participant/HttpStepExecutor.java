package dev.ferry.saga.participant;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * Calls an HTTP participant: a POST of {@code {"gid", "branchId", "op", "payload"}}. 2xx is
 * success; 409 Conflict is a definite refusal (DTM's convention); anything else, or no answer, may
 * be retried. Non-blocking, so thousands of calls can wait at once.
 */
public final class HttpStepExecutor {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client;
    private final Duration timeout;

    public HttpStepExecutor(Duration timeout) {
        this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
        this.timeout = timeout;
    }

    public CompletableFuture<StepResult> execute(StepCall call) {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create(call.url))
                        .timeout(timeout)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body(call)))
                        .build();
        return client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .thenApply(response -> answer(call, response))
                .exceptionally(
                        e ->
                                call.retryable(
                                        "POST "
                                                + call.url
                                                + " failed: "
                                                + (e.getCause() == null ? e : e.getCause())));
    }

    /** The request body a participant service receives. */
    public static String body(StepCall call) {
        ObjectNode body = JSON.createObjectNode();
        body.put("gid", call.gid);
        body.put("branchId", call.branchId);
        body.put("op", call.operation.label());
        try {
            body.set("payload", JSON.readTree(call.payload == null ? "null" : call.payload));
            return JSON.writeValueAsString(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static StepResult answer(StepCall call, HttpResponse<String> response) {
        int status = response.statusCode();
        if (status / 100 == 2) {
            return call.succeeded();
        }
        String message = "POST " + call.url + " answered " + status + ": " + brief(response.body());
        return status == 409 ? call.failed(message) : call.retryable(message);
    }

    private static String brief(String body) {
        String text = body == null ? "" : body.strip();
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }
}
