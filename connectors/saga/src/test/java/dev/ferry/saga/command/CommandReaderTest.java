package dev.ferry.saga.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.saga.coordinator.SagaEvent;
import org.junit.jupiter.api.Test;

class CommandReaderTest {
    private final CommandReader reader =
            new CommandReader(new SagaCommandParser(SagaCommandParserTest.DEFAULTS));

    @Test
    void aValidCommandStartsItsSaga() {
        String command = "{\"gid\": \"ok\", \"steps\": [{\"action\": {\"url\": \"http://h\"}}]}";

        SagaEvent event = reader.map(command);

        assertThat(event.kind).isEqualTo(SagaEvent.Kind.START);
        assertThat(event.gid).isEqualTo("ok");
        assertThat(event.command).isEqualTo(command);
    }

    @Test
    void aPoisonCommandBecomesAnInvalidEventKeyedByAStableDigest() {
        SagaEvent first = reader.map("{{{");
        SagaEvent second = reader.map("{{{");

        assertThat(first.kind).isEqualTo(SagaEvent.Kind.INVALID);
        assertThat(first.reason).startsWith("command is not JSON");
        assertThat(first.gid).startsWith("invalid-").isEqualTo(second.gid);
    }
}
