package dev.ferry.saga.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.saga.model.HttpCall;
import dev.ferry.saga.model.RetryPolicy;
import dev.ferry.saga.model.SagaDefinition;
import dev.ferry.saga.model.SqlCall;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import org.junit.jupiter.api.Test;

class SagaCommandParserTest {
    static final CommandDefaults DEFAULTS =
            new CommandDefaults(
                    Duration.ofSeconds(30),
                    new RetryPolicy(3, Duration.ofMillis(200), Duration.ofSeconds(10), 0));
    private final SagaCommandParser parser = new SagaCommandParser(DEFAULTS);

    @Test
    void readsATransferWithDefaultsFilledIn() {
        SagaDefinition saga =
                parser.parse(
                        """
                        {"gid": "t-1", "retry": {"maxAttempts": 5, "backoff": "50 ms"},
                         "steps": [
                          {"action": {"participant": "bank1", "sql": ["UPDATE a SET b = b - 1"]},
                           "compensation": {"participant": "bank1", "sql": "UPDATE a SET b = b + 1"},
                           "timeout": "2 s"},
                          {"branch": "in", "action": {"url": "http://svc/in", "payload": {"n": 1}}}
                         ]}
                        """);

        assertThat(saga.gid()).isEqualTo("t-1");
        assertThat(saga.barrier()).isTrue();
        assertThat(saga.retry().maxAttempts()).isEqualTo(5);
        assertThat(saga.retry().backoff()).isEqualTo(Duration.ofMillis(50));
        assertThat(saga.retry().maxBackoff()).isEqualTo(Duration.ofSeconds(10));
        assertThat(saga.step(0).branchId()).isEqualTo("01");
        assertThat(saga.step(0).timeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(saga.step(0).compensation())
                .isEqualTo(new SqlCall("bank1", java.util.List.of("UPDATE a SET b = b + 1")));
        assertThat(saga.step(1).branchId()).isEqualTo("in");
        assertThat(saga.step(1).timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(saga.step(1).action()).isEqualTo(new HttpCall("http://svc/in", "{\"n\":1}"));
        assertThat(saga.step(1).compensation()).isNull();
    }

    @Test
    void groupsNeighbouringStepsOfOneGroupIntoAStage() {
        SagaDefinition saga =
                parser.parse(
                        """
                        {"gid": "g", "steps": [
                          {"group": "a", "action": {"url": "http://x/1"}},
                          {"group": "a", "action": {"url": "http://x/2"}},
                          {"action": {"url": "http://x/3"}}]}
                        """);

        assertThat(saga.stageEnd(0)).isEqualTo(2);
        assertThat(saga.stageEnd(2)).isEqualTo(3);
    }

    @Test
    void namesTheProblemOfABadCommand() {
        assertInvalid("not json", null, "command is not JSON");
        assertInvalid("[1]", null, "not a JSON object");
        assertInvalid("{\"steps\": []}", null, "no \"gid\"");
        assertInvalid("{\"gid\": \"x\"}", "x", "\"steps\" must be a non-empty array");
        assertInvalid(
                "{\"gid\": \"x\", \"steps\": [{\"action\": {\"sql\": \"SELECT 1\"}}]}",
                "x",
                "steps[0].action has \"sql\" but no \"participant\"");
        assertInvalid(
                "{\"gid\": \"x\", \"steps\": [{\"action\": {\"url\": \"ftp://h\"}}]}",
                "x",
                "steps[0].action.url must be http or https");
        assertInvalid(
                "{\"gid\": \"x\", \"steps\": [{\"branch\": \"b\", \"action\": {\"url\":"
                        + " \"http://h\"}}, {\"branch\": \"b\", \"action\": {\"url\":"
                        + " \"http://h\"}}]}",
                "x",
                "branch \"b\" appears twice");
        assertInvalid(
                "{\"gid\": \"x\", \"stepTimeout\": \"soon\", \"steps\": [{\"action\": {\"url\":"
                        + " \"http://h\"}}]}",
                "x",
                "\"stepTimeout\" is not a duration");
        assertInvalid(
                "{\"gid\": \""
                        + "g".repeat(129)
                        + "\", \"steps\": [{\"action\": {\"url\":"
                        + " \"http://h\"}}]}",
                "g".repeat(129),
                "gid is longer than 128 characters");
    }

    @Test
    void theGlobalIdAloneReadsAsTheWholeCommandReadsIt() {
        for (String gid : new String[] {"\"t-1\"", "42", "1.50", "true"}) {
            String command =
                    "{\"barrier\": false, \"gid\": "
                            + gid
                            + ", \"steps\": [{\"action\": {\"url\": \"http://h\"}}]}";

            assertThat(SagaCommandParser.gidOf(command.getBytes(StandardCharsets.UTF_8)))
                    .isEqualTo(parser.parse(command).gid());
        }
    }

    @Test
    void numbersUnnamedBranchesInOrder() {
        String step = "{\"action\": {\"url\": \"http://h\"}}";
        SagaDefinition saga =
                parser.parse(
                        "{\"gid\": \"g\", \"steps\": ["
                                + String.join(", ", Collections.nCopies(10, step))
                                + "]}");

        assertThat(saga.step(8).branchId()).isEqualTo("09");
        assertThat(saga.step(9).branchId()).isEqualTo("10");
    }

    private void assertInvalid(String command, String gid, String message) {
        assertThatThrownBy(() -> parser.parse(command))
                .isInstanceOfSatisfying(
                        InvalidCommandException.class, e -> assertThat(e.gid()).isEqualTo(gid))
                .hasMessageContaining(message);
    }
}
