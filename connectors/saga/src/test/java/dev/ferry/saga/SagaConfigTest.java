package dev.ferry.saga;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.config.FerryConfigException;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

class SagaConfigTest {
    @Test
    void readsParticipantsWithThePasswordFromTheEnvironment() {
        Configuration options = new Configuration();
        options.setString("saga.participants", "bank1=db1:3307, bank2=db2:3308");
        options.setString("saga.participant-username", "saga");

        SagaConfig config = SagaConfig.from(options, Map.of("FERRY_SAGA_PASSWORD", "pw")::get);

        assertThat(config.caller.participants()).containsOnlyKeys("bank1", "bank2");
        assertThat(config.caller.participants().get("bank2").port()).isEqualTo(3308);
        assertThat(config.caller.participants().get("bank2").password()).isEqualTo("pw");
        assertThat(config.outbox).isEmpty();
    }

    @Test
    void badSettingsNameTheOption() {
        Configuration options = new Configuration();
        options.setString("saga.participants", "bank1");
        options.setString("saga.participant-username", "saga");
        options.setString("saga.participant-password", "pw");
        assertThatThrownBy(() -> SagaConfig.from(options, name -> null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("saga.participants: 'bank1' is not 'name=host:port'");

        Configuration noUser = new Configuration();
        noUser.setString("saga.participants", "bank1=h:1");
        assertThatThrownBy(() -> SagaConfig.from(noUser, name -> null))
                .hasMessageContaining("saga.participant-username is required");

        Configuration outbox = new Configuration();
        outbox.setString("saga.outbox-table", "no_database");
        assertThatThrownBy(() -> SagaConfig.from(outbox, name -> null))
                .hasMessageContaining("saga.outbox-table must be 'database.table'");
    }
}
