package dev.ferry.it.saga;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jobs.SagaJob;
import dev.ferry.saga.model.SagaOutcome;
import dev.ferry.saga.model.SagaStatus;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transfer sagas between two real MariaDB participants through one coordinator job: commit,
 * compensation after a failed second step, a compensation that fails twice, a step timeout, poison
 * commands, and a repeated command. Each test uses accounts of its own in the shared banks.
 */
class SagaTransferITCase {
    private static final Duration OUTCOME = Duration.ofSeconds(60);

    @TempDir static Path checkpoints;

    private static TestDatabase db;
    private static Bank bank;
    private static SagaTopicsUnderTest topics;
    private static RunningJobs jobs;

    @BeforeAll
    static void startCoordinator() throws Exception {
        Services.requireRunning();
        db = TestDatabase.create("saga");
        bank = Bank.open(db, 10, 500);
        topics = new SagaTopicsUnderTest(db.name());
        jobs = new RunningJobs();
        jobs.add(SagaJob.start(topics.configuration(bank, checkpoints)));
    }

    @AfterAll
    static void stop() {
        if (jobs != null) {
            jobs.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void aTransferCommits() {
        topics.send(bank.transfer("commit-1", 1, 1, 100).toString());

        SagaOutcome outcome = topics.awaitOutcome("commit-1", OUTCOME);

        assertThat(outcome.status()).isEqualTo(SagaStatus.COMMITTED);
        assertThat(outcome.reason()).isNull();
        assertThat(bank.balance(Bank.bank1(), 1)).isEqualTo(400);
        assertThat(bank.balance(Bank.bank2(), 1)).isEqualTo(600);
        assertThat(bank.ledgerRows("commit-1", "out", "action")).isEqualTo(1);
        assertThat(bank.ledgerRows("commit-1", "in", "action")).isEqualTo(1);
    }

    @Test
    void aFailedSecondStepIsCompensatedAndBalancesRestored() {
        // bank2's account 2 may hold at most 1000: crediting 100 to its 950 fails for good.
        bank.setBalance(Bank.bank2(), 2, 950);
        topics.send(bank.transfer("fail-2", 2, 2, 100).toString());

        SagaOutcome outcome = topics.awaitOutcome("fail-2", OUTCOME);

        assertThat(outcome.status()).isEqualTo(SagaStatus.COMPENSATED);
        // MariaDB says "CONSTRAINT `account.balance_range` failed", TiDB "Check constraint
        // 'balance_range' is violated": both name the constraint.
        assertThat(outcome.reason())
                .startsWith("step in failed: ")
                .containsIgnoringCase("constraint")
                .contains("balance_range");
        assertThat(bank.balance(Bank.bank1(), 2)).isEqualTo(500);
        assertThat(bank.balance(Bank.bank2(), 2)).isEqualTo(950);
        assertThat(bank.ledgerRows("fail-2", "out", "action")).isEqualTo(1);
        assertThat(bank.ledgerRows("fail-2", "out", "compensation")).isEqualTo(1);
        assertThat(bank.ledgerRows("fail-2", "in", "action")).isZero();
    }

    @Test
    void aCompensationThatFailsTwiceIsRetriedUntilItSucceeds() throws Exception {
        try (DebitService service = new DebitService(bank, 2)) {
            bank.setBalance(Bank.bank2(), 3, 950);
            ObjectNode command = bank.transfer("retry-3", 3, 3, 100);
            ObjectNode out = (ObjectNode) command.withArray("steps").get(0);
            out.set("action", http(service.url("/debit"), 3, 100));
            out.set("compensation", http(service.url("/debit-undo"), 3, 100));
            command.putObject("retry").put("backoff", "100 ms");
            topics.send(command.toString());

            SagaOutcome outcome = topics.awaitOutcome("retry-3", OUTCOME);

            assertThat(outcome.status()).isEqualTo(SagaStatus.COMPENSATED);
            assertThat(service.compensationCalls()).isEqualTo(3);
            assertThat(outcome.reason()).startsWith("step in failed: ");
            assertThat(bank.balance(Bank.bank1(), 3)).isEqualTo(500);
            assertThat(bank.balance(Bank.bank2(), 3)).isEqualTo(950);
            assertThat(bank.ledgerRows("retry-3", "out", "action")).isEqualTo(1);
            assertThat(bank.ledgerRows("retry-3", "out", "compensation")).isEqualTo(1);
        }
    }

    @Test
    void aStepPastItsTimeoutIsCompensatedEvenWhenItCommitsLate() {
        ObjectNode command = bank.transfer("slow-4", 4, 4, 100);
        ObjectNode in = (ObjectNode) command.withArray("steps").get(1);
        ((ArrayNode) in.get("action").get("sql")).add("SELECT SLEEP(3)");
        in.put("timeout", "1 s");
        topics.send(command.toString());

        SagaOutcome outcome = topics.awaitOutcome("slow-4", OUTCOME);

        assertThat(outcome.status()).isEqualTo(SagaStatus.COMPENSATED);
        assertThat(outcome.reason()).isEqualTo("step in timed out after 1000 ms");
        assertThat(outcome.finishedAt() - outcome.startedAt()).isGreaterThanOrEqualTo(1000);
        // The slow action committed after its timeout; the barrier made its compensation wait
        // for it and then undo it, so both banks are whole again.
        assertThat(bank.ledgerRows("slow-4", "in", "action")).isEqualTo(1);
        assertThat(bank.ledgerRows("slow-4", "in", "compensation")).isEqualTo(1);
        assertThat(bank.balance(Bank.bank1(), 4)).isEqualTo(500);
        assertThat(bank.balance(Bank.bank2(), 4)).isEqualTo(500);
    }

    @Test
    void poisonCommandsEndFailedAndTheJobGoesOn() {
        topics.send(
                "{\"gid\": \"poison-5\", \"steps\": [{\"action\": {\"sql\": \"SELECT 1\"}}]}",
                "{\"gid\": \"poison-6\", \"steps\": [{\"action\": {\"participant\": \"bank9\","
                        + " \"sql\": \"SELECT 1\"}}]}",
                bank.transfer("after-poison-7", 5, 5, 10).toString());

        assertThat(topics.awaitOutcome("poison-5", OUTCOME).reason())
                .isEqualTo("steps[0].action has \"sql\" but no \"participant\"");
        SagaOutcome unknownParticipant = topics.awaitOutcome("poison-6", OUTCOME);
        assertThat(unknownParticipant.status()).isEqualTo(SagaStatus.COMPENSATED);
        assertThat(unknownParticipant.reason()).contains("unknown participant 'bank9'");
        assertThat(topics.awaitOutcome("after-poison-7", OUTCOME).status())
                .isEqualTo(SagaStatus.COMMITTED);
        assertThat(topics.outcomes().get("poison-5").status()).isEqualTo(SagaStatus.FAILED);
        jobs.assertRunning();
    }

    @Test
    void aRepeatedCommandIsIgnoredAfterItsSagaEnded() {
        // Without the barrier a second run would move the money again.
        String command = bank.transfer("repeat-8", 6, 6, 100).put("barrier", false).toString();
        topics.send(command);
        SagaOutcome first = topics.awaitOutcome("repeat-8", OUTCOME);

        topics.send(command, bank.transfer("after-repeat-9", 7, 7, 10).toString());

        assertThat(topics.awaitOutcome("after-repeat-9", OUTCOME).status())
                .isEqualTo(SagaStatus.COMMITTED);
        assertThat(topics.outcomes().get("repeat-8")).isEqualTo(first);
        assertThat(first.status()).isEqualTo(SagaStatus.COMMITTED);
        assertThat(bank.balance(Bank.bank1(), 6)).isEqualTo(400);
        assertThat(bank.balance(Bank.bank2(), 6)).isEqualTo(600);
    }

    private static ObjectNode http(String url, int account, long amount) {
        ObjectNode call = Bank.JSON.createObjectNode();
        call.put("url", url);
        call.putObject("payload").put("account", account).put("amount", amount);
        return call;
    }
}
