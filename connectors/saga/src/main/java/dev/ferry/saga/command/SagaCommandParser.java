package dev.ferry.saga.command;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.saga.model.Call;
import dev.ferry.saga.model.HttpCall;
import dev.ferry.saga.model.RetryPolicy;
import dev.ferry.saga.model.SagaDefinition;
import dev.ferry.saga.model.SqlCall;
import dev.ferry.saga.model.Step;
import java.io.IOException;
import java.io.Serializable;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.util.TimeUtils;

/**
 * Reads the JSON start command (docs/saga.md) into a {@link SagaDefinition}. Every problem becomes
 * an {@link InvalidCommandException} that names the field, so a bad command ends as a FAILED
 * outcome instead of stopping the job.
 */
public final class SagaCommandParser implements Serializable {
    /** Longest global and branch id: the barrier table's key columns. */
    public static final int MAX_ID_LENGTH = 128;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final CommandDefaults defaults;

    public SagaCommandParser(CommandDefaults defaults) {
        this.defaults = defaults;
    }

    public SagaDefinition parse(String command) {
        return parse(command.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads a command from its UTF-8 JSON, as it arrives from Kafka. */
    public SagaDefinition parse(byte[] command) {
        JsonNode root;
        try {
            root = JSON.readTree(command);
        } catch (IOException e) {
            throw notJson(e);
        }
        if (root == null || !root.isObject()) {
            throw new InvalidCommandException(null, "command is not a JSON object");
        }
        String gid = gid(root.get("gid"));
        try {
            return definition(gid, root);
        } catch (IllegalArgumentException e) {
            throw new InvalidCommandException(gid, e.getMessage());
        }
    }

    /**
     * The global id alone, read up to the {@code gid} field without building the rest: enough to
     * route a command to its coordinator, which reads (and checks) the whole of it once.
     */
    public static String gidOf(byte[] command) {
        try (JsonParser json = JSON.createParser(command)) {
            if (json.nextToken() != JsonToken.START_OBJECT) {
                throw new InvalidCommandException(null, "command is not a JSON object");
            }
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                boolean isGid = "gid".equals(json.currentName());
                json.nextToken();
                if (isGid) {
                    return gid(JSON.readTree(json));
                }
                json.skipChildren();
            }
            return gid(null);
        } catch (IOException e) {
            throw notJson(e);
        }
    }

    private static String gid(JsonNode value) {
        String gid = value == null || value.isNull() ? null : value.asText();
        if (gid == null || gid.isBlank()) {
            throw new InvalidCommandException(null, "command has no \"gid\"");
        }
        return gid;
    }

    private static InvalidCommandException notJson(IOException e) {
        String message =
                e instanceof JsonProcessingException json
                        ? json.getOriginalMessage()
                        : e.toString();
        return new InvalidCommandException(null, "command is not JSON: " + message);
    }

    private SagaDefinition definition(String gid, JsonNode root) {
        requireId("gid", gid);
        Duration stepTimeout = duration(root, "stepTimeout", defaults.stepTimeout());
        RetryPolicy retry = retry(root.path("retry"));
        boolean barrier = root.path("barrier").asBoolean(true);
        JsonNode steps = root.path("steps");
        if (!steps.isArray() || steps.isEmpty()) {
            throw new IllegalArgumentException("\"steps\" must be a non-empty array");
        }
        List<Step> parsed = new ArrayList<>();
        Set<String> branches = new HashSet<>();
        for (int i = 0; i < steps.size(); i++) {
            Step step = step(steps.get(i), i, stepTimeout);
            if (!branches.add(step.branchId())) {
                throw new IllegalArgumentException(
                        "steps[" + i + "]: branch \"" + step.branchId() + "\" appears twice");
            }
            parsed.add(step);
        }
        return new SagaDefinition(gid, parsed, barrier, retry);
    }

    private Step step(JsonNode node, int index, Duration defaultTimeout) {
        String where = "steps[" + index + "]";
        if (!node.isObject()) {
            throw new IllegalArgumentException(where + " is not an object");
        }
        String branch = text(node, "branch", null);
        if (branch == null) {
            branch = (index < 9 ? "0" : "") + (index + 1); // 01, 02, … as DTM numbers branches
        }
        requireId(where + ".branch", branch);
        if (!node.hasNonNull("action")) {
            throw new IllegalArgumentException(where + " has no \"action\"");
        }
        Call action = call(node.get("action"), where + ".action");
        Call compensation =
                node.hasNonNull("compensation")
                        ? call(node.get("compensation"), where + ".compensation")
                        : null;
        Duration timeout = duration(node, "timeout", defaultTimeout);
        return new Step(branch, action, compensation, text(node, "group", null), timeout);
    }

    private static Call call(JsonNode node, String where) {
        boolean isSql = node.has("sql");
        boolean http = node.has("url");
        if (isSql == http) {
            throw new IllegalArgumentException(
                    where + " needs either \"participant\" and \"sql\", or \"url\"");
        }
        if (http) {
            String url = node.get("url").asText();
            URI uri;
            try {
                uri = URI.create(url);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ".url is not a URL: " + url);
            }
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                throw new IllegalArgumentException(where + ".url must be http or https: " + url);
            }
            JsonNode payload = node.path("payload");
            return new HttpCall(url, payload.isMissingNode() ? "null" : payload.toString());
        }
        String participant = text(node, "participant", null);
        if (participant == null) {
            throw new IllegalArgumentException(where + " has \"sql\" but no \"participant\"");
        }
        JsonNode statements = node.get("sql");
        List<String> sql = new ArrayList<>();
        if (statements.isTextual()) {
            sql.add(statements.asText());
        } else if (statements.isArray()) {
            statements.forEach(s -> sql.add(s.asText()));
        } else {
            throw new IllegalArgumentException(
                    where + ".sql must be a statement or an array of statements");
        }
        return new SqlCall(participant, sql);
    }

    private RetryPolicy retry(JsonNode node) {
        RetryPolicy base = defaults.retry();
        if (node.isMissingNode() || node.isNull()) {
            return base;
        }
        int attempts = node.path("maxAttempts").asInt(base.maxAttempts());
        if (attempts < 1) {
            throw new IllegalArgumentException("retry.maxAttempts must be at least 1");
        }
        int compensationAttempts =
                node.path("compensationAttempts").asInt(base.compensationAttempts());
        return new RetryPolicy(
                attempts,
                duration(node, "backoff", base.backoff()),
                duration(node, "maxBackoff", base.maxBackoff()),
                Math.max(0, compensationAttempts));
    }

    private static Duration duration(JsonNode node, String field, Duration fallback) {
        if (!node.hasNonNull(field)) {
            return fallback;
        }
        JsonNode value = node.get(field);
        Duration duration;
        try {
            duration =
                    value.isNumber()
                            ? Duration.ofMillis(value.asLong())
                            : TimeUtils.parseDuration(value.asText());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "\""
                            + field
                            + "\" is not a duration (like \"5 s\" or \"500 ms\"): "
                            + value.asText());
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("\"" + field + "\" must be positive");
        }
        return duration;
    }

    private static String text(JsonNode node, String field, String fallback) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? fallback : value.asText();
    }

    private static void requireId(String field, String id) {
        if (id.length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException(
                    field + " is longer than " + MAX_ID_LENGTH + " characters");
        }
    }
}
