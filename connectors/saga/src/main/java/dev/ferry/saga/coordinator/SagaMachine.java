package dev.ferry.saga.coordinator;

import dev.ferry.saga.coordinator.SagaProgress.Phase;
import dev.ferry.saga.coordinator.SagaProgress.StepState;
import dev.ferry.saga.model.Operation;
import dev.ferry.saga.model.SagaDefinition;
import dev.ferry.saga.model.SagaOutcome;
import dev.ferry.saga.model.Step;
import dev.ferry.saga.participant.StepResult;

/**
 * The saga state machine, plain Java: runs the stages of actions in order, and when an action fails
 * for good (refused, out of attempts, or past its timeout) compensates every started step in
 * reverse order, retrying each compensation until it succeeds. It mutates the {@link SagaProgress}
 * it is given and says what to do next in a {@link Transition}.
 *
 * <p>Each call carries an attempt number; an answer counts only when it matches the call the
 * progress waits for, so duplicated or late answers (after a restore, or after a timeout) are
 * ignored.
 */
public final class SagaMachine {
    private final SagaDefinition saga;
    private final SagaProgress progress;

    public SagaMachine(SagaDefinition saga, SagaProgress progress) {
        this.saga = saga;
        this.progress = progress;
    }

    /** A new saga's progress and its first calls. */
    public static SagaProgress start(SagaDefinition saga, long now, Transition transition) {
        SagaProgress progress = SagaProgress.started(saga.size(), now);
        progress.stageStart = 0;
        progress.stageEnd = 0;
        new SagaMachine(saga, progress).startStage(0, now, transition);
        return progress;
    }

    public Transition onResult(StepResult result, long now) {
        Transition transition = new Transition();
        int step = result.stepIndex;
        if (step < 0 || step >= saga.size() || result.attempt != progress.attempts[step]) {
            return transition; // stale or duplicated answer
        }
        if (result.operation == Operation.ACTION
                && progress.phase() == Phase.RUNNING
                && progress.state(step) == StepState.CALLING) {
            onActionResult(step, result, now, transition);
        } else if (result.operation == Operation.COMPENSATION
                && progress.phase() == Phase.COMPENSATING
                && progress.state(step) == StepState.COMPENSATING) {
            onCompensationResult(step, result, now, transition);
        }
        return transition;
    }

    /** Fires retries that are due and times out actions past their deadline. */
    public Transition onTimer(long now) {
        Transition transition = new Transition();
        if (progress.isDone()) {
            return transition;
        }
        if (progress.phase() == Phase.RUNNING) {
            for (int step = progress.stageStart; step < progress.stageEnd; step++) {
                StepState state = progress.state(step);
                boolean pending = state == StepState.CALLING || state == StepState.WAITING_RETRY;
                if (pending && progress.deadlines[step] <= now) {
                    Step timedOut = saga.step(step);
                    progress.state(step, StepState.TO_COMPENSATE);
                    abort(
                            "step "
                                    + timedOut.branchId()
                                    + " timed out after "
                                    + timedOut.timeout().toMillis()
                                    + " ms",
                            now,
                            transition);
                    return transition;
                }
            }
        }
        for (int step = 0; step < saga.size(); step++) {
            StepState state = progress.state(step);
            boolean waiting =
                    (state == StepState.WAITING_RETRY && progress.phase() == Phase.RUNNING)
                            || state == StepState.COMPENSATION_WAITING;
            if (waiting && progress.retryAt[step] <= now) {
                progress.retryAt[step] = 0;
                if (state == StepState.WAITING_RETRY) {
                    progress.state(step, StepState.CALLING);
                    transition.call(step, Operation.ACTION, progress.attempts[step]);
                } else {
                    progress.state(step, StepState.COMPENSATING);
                    transition.call(step, Operation.COMPENSATION, progress.attempts[step]);
                }
            }
        }
        return transition;
    }

    private void onActionResult(int step, StepResult result, long now, Transition transition) {
        Step failed = saga.step(step);
        switch (result.kind) {
            case SUCCEEDED -> {
                progress.state(step, StepState.SUCCEEDED);
                progress.retryAt[step] = 0;
                if (stageSucceeded()) {
                    cancelStageDeadlines(transition);
                    startStage(progress.stageEnd, now, transition);
                }
            }
            case FAILED -> {
                progress.state(step, StepState.REFUSED);
                abort("step " + failed.branchId() + " failed: " + result.message, now, transition);
            }
            case RETRYABLE -> {
                int attempts = progress.attempts[step];
                if (attempts < saga.retry().maxAttempts()) {
                    retryLater(step, StepState.WAITING_RETRY, now, transition);
                } else {
                    progress.state(step, StepState.TO_COMPENSATE);
                    abort(
                            "step "
                                    + failed.branchId()
                                    + " failed after "
                                    + attempts
                                    + " attempts: "
                                    + result.message,
                            now,
                            transition);
                }
            }
        }
    }

    private void onCompensationResult(
            int step, StepResult result, long now, Transition transition) {
        if (result.kind == StepResult.Kind.SUCCEEDED) {
            progress.state(step, StepState.COMPENSATED);
            progress.cursor = step - 1;
            compensateNext(now, transition);
        } else if (saga.retry().compensationGivesUpAfter(progress.attempts[step])) {
            finish(
                    SagaOutcome.failed(
                            saga.gid(),
                            progress.reason
                                    + "; then the compensation of step "
                                    + saga.step(step).branchId()
                                    + " gave up after "
                                    + progress.attempts[step]
                                    + " attempts: "
                                    + result.message,
                            progress.startedAt,
                            now),
                    transition);
        } else {
            retryLater(step, StepState.COMPENSATION_WAITING, now, transition);
        }
    }

    private void retryLater(int step, StepState waiting, long now, Transition transition) {
        int retry = progress.attempts[step];
        progress.attempts[step] = retry + 1;
        progress.state(step, waiting);
        progress.retryAt[step] = now + saga.retry().backoffMillis(retry);
        transition.timer(progress.retryAt[step]);
    }

    private boolean stageSucceeded() {
        for (int step = progress.stageStart; step < progress.stageEnd; step++) {
            if (progress.state(step) != StepState.SUCCEEDED) {
                return false;
            }
        }
        return true;
    }

    private void startStage(int start, long now, Transition transition) {
        if (start >= saga.size()) {
            finish(SagaOutcome.committed(saga.gid(), progress.startedAt, now), transition);
            return;
        }
        progress.stageStart = start;
        progress.stageEnd = saga.stageEnd(start);
        for (int step = start; step < progress.stageEnd; step++) {
            progress.state(step, StepState.CALLING);
            progress.attempts[step] = 1;
            progress.deadlines[step] = now + saga.step(step).timeout().toMillis();
            transition.timer(progress.deadlines[step]);
            transition.call(step, Operation.ACTION, 1);
        }
    }

    private void cancelStageDeadlines(Transition transition) {
        for (int step = progress.stageStart; step < progress.stageEnd; step++) {
            if (progress.deadlines[step] > 0 && !isRetryTime(progress.deadlines[step])) {
                transition.cancelTimer(progress.deadlines[step]);
                progress.deadlines[step] = 0;
            }
        }
    }

    /** Flink keeps one timer per time: one a retry needs must stay. */
    private boolean isRetryTime(long time) {
        for (long retry : progress.retryAt) {
            if (retry == time) {
                return true;
            }
        }
        return false;
    }

    private void abort(String reason, long now, Transition transition) {
        cancelStageDeadlines(transition);
        progress.phase(Phase.COMPENSATING);
        progress.reason = reason;
        for (int step = 0; step < saga.size(); step++) {
            StepState state = progress.state(step);
            if (state == StepState.CALLING
                    || state == StepState.WAITING_RETRY
                    || state == StepState.SUCCEEDED) {
                // An action in flight may still commit: compensate it too (the barrier makes
                // that safe whichever arrives first).
                progress.state(step, StepState.TO_COMPENSATE);
            }
            progress.retryAt[step] = 0;
        }
        progress.cursor = saga.size() - 1;
        compensateNext(now, transition);
    }

    private void compensateNext(long now, Transition transition) {
        while (progress.cursor >= 0) {
            int step = progress.cursor;
            if (progress.state(step) == StepState.TO_COMPENSATE) {
                if (saga.step(step).compensationCall().isPresent()) {
                    progress.state(step, StepState.COMPENSATING);
                    progress.attempts[step] = 1;
                    transition.call(step, Operation.COMPENSATION, 1);
                    return;
                }
                progress.state(step, StepState.COMPENSATED);
            }
            progress.cursor--;
        }
        finish(
                SagaOutcome.compensated(saga.gid(), progress.reason, progress.startedAt, now),
                transition);
    }

    private void finish(SagaOutcome outcome, Transition transition) {
        progress.phase(Phase.DONE);
        progress.finishedAt = outcome.finishedAt();
        progress.reason = outcome.reason();
        transition.finish(outcome);
    }
}
