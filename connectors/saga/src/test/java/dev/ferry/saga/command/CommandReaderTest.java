package dev.ferry.saga.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.saga.coordinator.SagaEvent;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CommandReaderTest {
    private final CommandReader reader = new CommandReader();

    @Test
    void aCommandStartsTheSagaOfItsGlobalIdAsItCame() {
        byte[] command =
                bytes("{\"gid\": \"ok\", \"steps\": [{\"action\": {\"url\": \"http://h\"}}]}");

        SagaEvent event = reader.map(command);

        assertThat(event.kind).isEqualTo(SagaEvent.Kind.START);
        assertThat(event.gid).isEqualTo("ok");
        assertThat(event.command).isEqualTo(command);
    }

    @Test
    void onlyTheGlobalIdIsReadHereTheRestIsTheCoordinatorsToCheck() {
        SagaEvent event = reader.map(bytes("{\"steps\": [{\"x\": [1, {}]}], \"gid\": 7, \"oops"));

        assertThat(event.kind).isEqualTo(SagaEvent.Kind.START);
        assertThat(event.gid).isEqualTo("7");
    }

    @Test
    void aPoisonCommandBecomesAnInvalidEventKeyedByAStableDigest() {
        SagaEvent first = reader.map(bytes("{{{"));
        SagaEvent second = reader.map(bytes("{{{"));

        assertThat(first.kind).isEqualTo(SagaEvent.Kind.INVALID);
        assertThat(first.reason).startsWith("command is not JSON");
        assertThat(first.gid).startsWith("invalid-").isEqualTo(second.gid);
    }

    @Test
    void aCommandWithoutAGlobalIdIsInvalid() {
        assertThat(reader.map(bytes("{\"gid\": \" \", \"steps\": []}")).reason)
                .isEqualTo("command has no \"gid\"");
        assertThat(reader.map(bytes("[1]")).reason).isEqualTo("command is not a JSON object");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
