package dev.ferry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaClientConfigTest {
    @TempDir Path directory;

    private static Configuration options(Map<String, String> values) {
        Configuration options = new Configuration();
        values.forEach(options::setString);
        return options;
    }

    @Test
    void passesThePrefixedPropertiesWithoutThePrefix() {
        KafkaClientConfig kafka =
                KafkaClientConfig.from(
                        options(
                                Map.of(
                                        "kafka.properties.security.protocol", "SASL_SSL",
                                        "kafka.topic-pattern", "t")),
                        "b:9093",
                        name -> null);

        assertThat(kafka.properties())
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("bootstrap.servers", "b:9093")
                .hasSize(2);
        assertThat(kafka.secured()).isTrue();
    }

    @Test
    void secretsComeFromEnvironmentVariablesAndFiles() throws Exception {
        Path file = directory.resolve("truststore.secret");
        Files.writeString(file, "from-a-file\n");
        KafkaClientConfig kafka =
                KafkaClientConfig.from(
                        options(
                                Map.of(
                                        "kafka.properties.sasl.jaas.config",
                                        "Scram required username=\"u\" password=\"${env:PW}\";",
                                        "kafka.properties.ssl.truststore.password",
                                        "${file:" + file + "}")),
                        "b:9093",
                        name -> name.equals("PW") ? "from-the-env" : null);

        assertThat(kafka.clientProperties())
                .containsEntry(
                        "sasl.jaas.config",
                        "Scram required username=\"u\" password=\"from-the-env\";")
                .containsEntry("ssl.truststore.password", "from-a-file");
        assertThat(kafka.toString())
                .isEqualTo("Kafka b:9093 with [sasl.jaas.config, ssl.truststore.password]");
    }

    @Test
    void aMissingVariableIsNamedWithoutAnyValue() {
        assertThatThrownBy(
                        () ->
                                KafkaClientConfig.from(
                                        options(
                                                Map.of(
                                                        "kafka.properties.sasl.jaas.config",
                                                        "x password=\"${env:KAFKA_PW}\" secret")),
                                        "b",
                                        name -> null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessage(
                        "kafka.properties.sasl.jaas.config refers to the environment variable"
                                + " KAFKA_PW, which is not set.");
    }

    @Test
    void kafkasOwnConfigProvidersAreLeftToKafka() {
        KafkaClientConfig kafka =
                KafkaClientConfig.from(
                        options(
                                Map.of(
                                        "kafka.properties.config.providers", "env",
                                        "kafka.properties.sasl.jaas.config", "p=\"${env:X}\"")),
                        "b",
                        name -> null);

        assertThat(kafka.clientProperties()).containsEntry("sasl.jaas.config", "p=\"${env:X}\"");
    }

    @Test
    void propertiesFerrySetsItselfAreRefused() {
        assertThatThrownBy(
                        () ->
                                KafkaClientConfig.from(
                                        options(Map.of("kafka.properties.group.id", "g")),
                                        "b",
                                        name -> null))
                .hasMessageContaining("kafka.properties.group.id is set by ferry itself");
    }
}
