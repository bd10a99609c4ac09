package dev.ferry.it.saga;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.tls.TestCertificates;
import dev.ferry.it.support.tls.TlsMariaDb;
import dev.ferry.jobs.SagaJob;
import dev.ferry.saga.model.SagaOutcome;
import dev.ferry.saga.model.SagaStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saga whose SQL steps run in two participant databases that require TLS, reached with the test
 * CA verified and a client certificate: it commits, and a compensated one restores both.
 */
class SagaOverTlsITCase {
    @TempDir Path directory;

    @Test
    void sagasRunInParticipantsThatRequireTls() throws Exception {
        Services.requireRunning();
        TestCertificates certificates = TestCertificates.generate(directory.resolve("certs"));
        String db = "saga_tls_" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 20));
        try (TlsMariaDb bank1 = TlsMariaDb.start(directory.resolve("b1"), certificates, 21);
                TlsMariaDb bank2 = TlsMariaDb.start(directory.resolve("b2"), certificates, 22);
                RunningJobs jobs = new RunningJobs()) {
            for (TlsMariaDb bank : new TlsMariaDb[] {bank1, bank2}) {
                Sql.execute(
                        bank.admin("participant"),
                        "CREATE DATABASE " + db,
                        "CREATE TABLE "
                                + db
                                + ".account (id INT PRIMARY KEY, balance BIGINT NOT NULL,"
                                + " CHECK (balance BETWEEN 0 AND 1000))",
                        "INSERT INTO " + db + ".account VALUES (1, 500)");
            }
            SagaTopicsUnderTest topics = new SagaTopicsUnderTest(db);
            Configuration options = new Configuration();
            options.setString("kafka.bootstrap-servers", Services.KAFKA);
            options.setString("saga.command-topic", topics.commands);
            options.setString("saga.results-topic", topics.results);
            options.setString("saga.feedback-topic", topics.feedback);
            options.setString("saga.consumer-group", "saga-it-" + db);
            options.setString("saga.transactional-id-prefix", "saga-it-" + db);
            options.setString(
                    "saga.participants",
                    "bank1=127.0.0.1:" + bank1.port() + ",bank2=127.0.0.1:" + bank2.port());
            // REQUIRE X509: only a client certificate signed by the test CA logs in.
            options.setString("saga.participant-username", "ferry_apply");
            options.setString("saga.participant-password", "ferry_apply");
            options.setString("saga.participant-tls.mode", "verify_identity");
            options.setString("saga.participant-tls.ca", certificates.ca().toString());
            options.setString("saga.participant-tls.cert", certificates.clientCert().toString());
            options.setString("saga.participant-tls.key", certificates.clientKey().toString());
            options.setString("saga.barrier-table", db + ".saga_barrier");
            options.setString("job.name", "saga-" + db);
            options.setString("job.checkpoint-dir", directory.resolve("checkpoints").toString());
            options.setString("job.checkpoint-interval", "500 ms");
            jobs.add(SagaJob.start(options));

            topics.send(transfer(db, "tls-commit", 100).toString());
            SagaOutcome committed = topics.awaitOutcome("tls-commit", Duration.ofSeconds(60));
            // bank2 may hold at most 1000: 600 + 500 fails, and bank1's debit is compensated.
            topics.send(transfer(db, "tls-compensate", 500).toString());
            SagaOutcome compensated = topics.awaitOutcome("tls-compensate", Duration.ofSeconds(60));

            assertThat(committed.status()).isEqualTo(SagaStatus.COMMITTED);
            assertThat(compensated.status()).isEqualTo(SagaStatus.COMPENSATED);
            assertThat(balance(bank1, db)).isEqualTo(400);
            assertThat(balance(bank2, db)).isEqualTo(600);
            jobs.assertRunning();
        }
    }

    private static long balance(TlsMariaDb bank, String db) {
        return Sql.queryLong(
                bank.admin("participant"), "SELECT balance FROM " + db + ".account WHERE id = 1");
    }

    private static ObjectNode transfer(String db, String gid, long amount) {
        ObjectNode command = Bank.JSON.createObjectNode();
        command.put("gid", gid);
        ArrayNode steps = command.putArray("steps");
        steps.add(step(db, "out", "bank1", -amount));
        steps.add(step(db, "in", "bank2", amount));
        return command;
    }

    private static ObjectNode step(String db, String branch, String bank, long delta) {
        ObjectNode step = Bank.JSON.createObjectNode();
        step.put("branch", branch);
        step.set("action", Bank.sql(bank, change(db, delta)));
        step.set("compensation", Bank.sql(bank, change(db, -delta)));
        return step;
    }

    private static String change(String db, long delta) {
        return "UPDATE " + db + ".account SET balance = balance + (" + delta + ") WHERE id = 1";
    }
}
