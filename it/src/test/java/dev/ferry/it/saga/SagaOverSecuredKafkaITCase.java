package dev.ferry.it.saga;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.config.KafkaClientConfig;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.LogCapture;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.kafka.SecuredKafka;
import dev.ferry.jobs.SagaJob;
import dev.ferry.saga.kafka.OutcomeLookup;
import dev.ferry.saga.model.SagaOutcome;
import dev.ferry.saga.model.SagaStatus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The saga job through a broker that only takes SASL_SSL with SCRAM: its command and feedback
 * sources, its results and feedback sinks and its topic creation all authenticate with
 * kafka.properties.*; the outcome is read back the same way.
 */
class SagaOverSecuredKafkaITCase {
    private static final String PASSWORD = "scram-" + Long.toHexString(System.nanoTime());

    @TempDir Path directory;

    @Test
    void aSagaCommitsThroughSaslSsl() throws Exception {
        Services.requireRunning();
        try (SecuredKafka kafka = SecuredKafka.start(directory.resolve("kafka"), PASSWORD);
                TestDatabase db = TestDatabase.create("sagasasl");
                LogCapture logs = new LogCapture();
                RunningJobs jobs = new RunningJobs()) {
            Bank bank = Bank.open(db, 2, 500);
            SagaTopicsUnderTest topics = new SagaTopicsUnderTest(db.name());
            Configuration options = topics.configuration(bank, directory.resolve("cp"));
            Map<String, String> client = kafka.clientOptions(SecuredKafka.USER, PASSWORD);
            client.forEach(options::setString);
            jobs.add(SagaJob.start(options));
            KafkaClientConfig clientConfig =
                    KafkaClientConfig.from(options, kafka.bootstrapServers(), System::getenv);

            try (KafkaProducer<byte[], byte[]> producer =
                    new KafkaProducer<>(
                            clientConfig.properties(),
                            new ByteArraySerializer(),
                            new ByteArraySerializer())) {
                producer.send(
                        new ProducerRecord<>(
                                topics.commands,
                                bank.transfer("sasl-1", 1, 1, 100)
                                        .toString()
                                        .getBytes(StandardCharsets.UTF_8)));
            }
            Await.until(
                    "the outcome of saga sasl-1",
                    Duration.ofSeconds(90),
                    () ->
                            OutcomeLookup.readAll(clientConfig, topics.results)
                                    .containsKey("sasl-1"));
            SagaOutcome outcome = OutcomeLookup.readAll(clientConfig, topics.results).get("sasl-1");

            assertThat(outcome.status()).isEqualTo(SagaStatus.COMMITTED);
            assertThat(bank.balance(Bank.bank1(), 1)).isEqualTo(400);
            assertThat(bank.balance(Bank.bank2(), 1)).isEqualTo(600);
            jobs.assertRunning();
            assertThat(logs.text()).doesNotContain(PASSWORD);
        }
    }
}
