package dev.ferry.saga.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.saga.coordinator.Transition.CallRequest;
import dev.ferry.saga.model.HttpCall;
import dev.ferry.saga.model.Operation;
import dev.ferry.saga.model.RetryPolicy;
import dev.ferry.saga.model.SagaDefinition;
import dev.ferry.saga.model.SagaStatus;
import dev.ferry.saga.model.Step;
import dev.ferry.saga.participant.StepCall;
import dev.ferry.saga.participant.StepResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SagaMachineTest {
    private static final Operation ACTION = Operation.ACTION;
    private static final Operation COMPENSATION = Operation.COMPENSATION;

    private long now = 1_000;

    @Test
    void runsActionsInOrderAndCommits() {
        SagaDefinition saga = saga(3, 0);
        Transition start = new Transition();
        SagaProgress progress = SagaMachine.start(saga, now, start);
        SagaMachine machine = new SagaMachine(saga, progress);

        assertThat(start.calls()).containsExactly(new CallRequest(0, ACTION, 1));
        Transition second = answer(machine, saga, 0, ACTION, 1, StepResult.Kind.SUCCEEDED);
        assertThat(second.calls()).containsExactly(new CallRequest(1, ACTION, 1));
        // The finished step's timeout is dropped, so it does not linger in checkpoints.
        assertThat(second.cancelledTimers()).containsExactly(now + 1_000);
        assertThat(answer(machine, saga, 1, ACTION, 1, StepResult.Kind.SUCCEEDED).calls())
                .containsExactly(new CallRequest(2, ACTION, 1));
        Transition last = answer(machine, saga, 2, ACTION, 1, StepResult.Kind.SUCCEEDED);

        assertThat(last.outcome().status()).isEqualTo(SagaStatus.COMMITTED);
        assertThat(progress.isDone()).isTrue();
    }

    @Test
    void aRefusedActionCompensatesTheStepsBeforeItInReverseOrder() {
        SagaDefinition saga = saga(3, 0);
        SagaProgress progress = SagaMachine.start(saga, now, new Transition());
        SagaMachine machine = new SagaMachine(saga, progress);
        answer(machine, saga, 0, ACTION, 1, StepResult.Kind.SUCCEEDED);
        answer(machine, saga, 1, ACTION, 1, StepResult.Kind.SUCCEEDED);

        Transition refused = answer(machine, saga, 2, ACTION, 1, StepResult.Kind.FAILED);
        // The refused step rolled back on its own: compensation starts with the step before it.
        assertThat(refused.calls()).containsExactly(new CallRequest(1, COMPENSATION, 1));
        assertThat(answer(machine, saga, 1, COMPENSATION, 1, StepResult.Kind.SUCCEEDED).calls())
                .containsExactly(new CallRequest(0, COMPENSATION, 1));
        Transition done = answer(machine, saga, 0, COMPENSATION, 1, StepResult.Kind.SUCCEEDED);

        assertThat(done.outcome().status()).isEqualTo(SagaStatus.COMPENSATED);
        assertThat(done.outcome().reason()).isEqualTo("step s3 failed: no");
    }

    @Test
    void aFailingCompensationIsRetriedWithBackoffUntilItSucceeds() {
        SagaDefinition saga = saga(2, 0);
        SagaProgress progress = SagaMachine.start(saga, now, new Transition());
        SagaMachine machine = new SagaMachine(saga, progress);
        answer(machine, saga, 0, ACTION, 1, StepResult.Kind.SUCCEEDED);
        answer(machine, saga, 1, ACTION, 1, StepResult.Kind.FAILED);

        Transition firstFailure = answer(machine, saga, 0, COMPENSATION, 1, StepResult.Kind.FAILED);
        assertThat(firstFailure.calls()).isEmpty();
        assertThat(firstFailure.timers()).containsExactly(now + 100);
        assertThat(machine.onTimer(now + 99).calls()).isEmpty();
        now += 100;
        assertThat(machine.onTimer(now).calls())
                .containsExactly(new CallRequest(0, COMPENSATION, 2));

        Transition secondFailure =
                answer(machine, saga, 0, COMPENSATION, 2, StepResult.Kind.RETRYABLE);
        assertThat(secondFailure.timers()).containsExactly(now + 200);
        now += 200;
        assertThat(machine.onTimer(now).calls())
                .containsExactly(new CallRequest(0, COMPENSATION, 3));
        Transition done = answer(machine, saga, 0, COMPENSATION, 3, StepResult.Kind.SUCCEEDED);

        assertThat(done.outcome().status()).isEqualTo(SagaStatus.COMPENSATED);
    }

    @Test
    void anActionPastItsTimeoutIsCompensatedWithTheStepsBeforeIt() {
        SagaDefinition saga = saga(2, 0);
        SagaProgress progress = SagaMachine.start(saga, now, new Transition());
        SagaMachine machine = new SagaMachine(saga, progress);
        Transition next = answer(machine, saga, 0, ACTION, 1, StepResult.Kind.SUCCEEDED);
        long deadline = now + 1_000;
        assertThat(next.timers()).containsExactly(deadline);

        assertThat(machine.onTimer(deadline - 1).calls()).isEmpty();
        Transition timedOut = machine.onTimer(deadline);
        // The timed-out action may still commit, so it is compensated too (barrier-safe).
        assertThat(timedOut.calls()).containsExactly(new CallRequest(1, COMPENSATION, 1));
        now = deadline;
        answer(machine, saga, 1, ACTION, 1, StepResult.Kind.SUCCEEDED); // late: ignored
        assertThat(answer(machine, saga, 1, COMPENSATION, 1, StepResult.Kind.SUCCEEDED).calls())
                .containsExactly(new CallRequest(0, COMPENSATION, 1));
        Transition done = answer(machine, saga, 0, COMPENSATION, 1, StepResult.Kind.SUCCEEDED);

        assertThat(done.outcome().status()).isEqualTo(SagaStatus.COMPENSATED);
        assertThat(done.outcome().reason()).isEqualTo("step s2 timed out after 1000 ms");
    }

    @Test
    void transientFailuresAreRetriedThenCompensatedWhenAttemptsRunOut() {
        SagaDefinition saga = saga(1, 0);
        SagaProgress progress = SagaMachine.start(saga, now, new Transition());
        SagaMachine machine = new SagaMachine(saga, progress);

        answer(machine, saga, 0, ACTION, 1, StepResult.Kind.RETRYABLE);
        now += 100;
        assertThat(machine.onTimer(now).calls()).containsExactly(new CallRequest(0, ACTION, 2));
        Transition exhausted = answer(machine, saga, 0, ACTION, 2, StepResult.Kind.RETRYABLE);

        assertThat(exhausted.calls()).containsExactly(new CallRequest(0, COMPENSATION, 1));
        Transition done = answer(machine, saga, 0, COMPENSATION, 1, StepResult.Kind.SUCCEEDED);
        assertThat(done.outcome().reason()).isEqualTo("step s1 failed after 2 attempts: no");
    }

    @Test
    void staleAndDuplicatedAnswersChangeNothing() {
        SagaDefinition saga = saga(2, 0);
        SagaProgress progress = SagaMachine.start(saga, now, new Transition());
        SagaMachine machine = new SagaMachine(saga, progress);
        answer(machine, saga, 0, ACTION, 1, StepResult.Kind.SUCCEEDED);

        assertThat(answer(machine, saga, 0, ACTION, 1, StepResult.Kind.SUCCEEDED).calls())
                .isEmpty();
        assertThat(answer(machine, saga, 1, ACTION, 7, StepResult.Kind.FAILED).calls()).isEmpty();
        assertThat(answer(machine, saga, 1, COMPENSATION, 1, StepResult.Kind.SUCCEEDED).calls())
                .isEmpty();
        assertThat(progress.phase()).isEqualTo(SagaProgress.Phase.RUNNING);
    }

    @Test
    void aGroupRunsConcurrentlyAndTheNextStageWaitsForAllOfIt() {
        List<Step> steps = new ArrayList<>();
        steps.add(step("a", "g"));
        steps.add(step("b", "g"));
        steps.add(step("c", null));
        SagaDefinition saga = new SagaDefinition("gid", steps, true, policy(0));
        Transition start = new Transition();
        SagaProgress progress = SagaMachine.start(saga, now, start);
        SagaMachine machine = new SagaMachine(saga, progress);

        assertThat(start.calls())
                .containsExactly(new CallRequest(0, ACTION, 1), new CallRequest(1, ACTION, 1));
        assertThat(answer(machine, saga, 1, ACTION, 1, StepResult.Kind.SUCCEEDED).calls())
                .isEmpty();
        assertThat(answer(machine, saga, 0, ACTION, 1, StepResult.Kind.SUCCEEDED).calls())
                .containsExactly(new CallRequest(2, ACTION, 1));
    }

    @Test
    void aCompensationThatGivesUpEndsTheSagaFailed() {
        SagaDefinition saga = saga(2, 1);
        SagaProgress progress = SagaMachine.start(saga, now, new Transition());
        SagaMachine machine = new SagaMachine(saga, progress);
        answer(machine, saga, 0, ACTION, 1, StepResult.Kind.SUCCEEDED);
        answer(machine, saga, 1, ACTION, 1, StepResult.Kind.FAILED);

        Transition gaveUp = answer(machine, saga, 0, COMPENSATION, 1, StepResult.Kind.FAILED);

        assertThat(gaveUp.outcome().status()).isEqualTo(SagaStatus.FAILED);
        assertThat(gaveUp.outcome().reason())
                .isEqualTo(
                        "step s2 failed: no; then the compensation of step s1 gave up after 1"
                                + " attempts: no");
    }

    private Transition answer(
            SagaMachine machine,
            SagaDefinition saga,
            int step,
            Operation operation,
            int attempt,
            StepResult.Kind kind) {
        StepCall call = StepCall.of(saga, step, operation, attempt);
        StepResult result =
                switch (kind) {
                    case SUCCEEDED -> call.succeeded();
                    case FAILED -> call.failed("no");
                    case RETRYABLE -> call.retryable("no");
                };
        return machine.onResult(result, now);
    }

    /** A saga of HTTP steps s1, s2, … with a 1 s timeout and 2 attempts, 100 ms apart. */
    static SagaDefinition saga(int steps, int compensationAttempts) {
        List<Step> list = new ArrayList<>();
        for (int i = 1; i <= steps; i++) {
            list.add(step("s" + i, null));
        }
        return new SagaDefinition("gid", list, true, policy(compensationAttempts));
    }

    private static RetryPolicy policy(int compensationAttempts) {
        return new RetryPolicy(
                2, Duration.ofMillis(100), Duration.ofSeconds(1), compensationAttempts);
    }

    private static Step step(String branch, String group) {
        return new Step(
                branch,
                new HttpCall("http://x/" + branch, "{}"),
                new HttpCall("http://x/undo-" + branch, "{}"),
                group,
                Duration.ofSeconds(1));
    }
}
