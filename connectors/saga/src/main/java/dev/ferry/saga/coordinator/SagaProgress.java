package dev.ferry.saga.coordinator;

/**
 * Where one saga stands: the coordinator's keyed state. A Flink POJO of primitive arrays, so its
 * checkpointed form is compact and needs no Kryo.
 */
public class SagaProgress {
    /** The saga as a whole. */
    public enum Phase {
        RUNNING,
        COMPENSATING,
        DONE
    }

    /** One step. */
    public enum StepState {
        PENDING,
        /** Action call in flight. */
        CALLING,
        /** Action failed transiently; retried at {@link #retryAt}. */
        WAITING_RETRY,
        SUCCEEDED,
        /** Action refused for good: its local transaction rolled back, nothing to undo. */
        REFUSED,
        /** Started (maybe applied): must be compensated. */
        TO_COMPENSATE,
        /** Compensation call in flight. */
        COMPENSATING,
        /** Compensation failed; retried at {@link #retryAt}. */
        COMPENSATION_WAITING,
        COMPENSATED
    }

    public int phase;
    public int[] states;
    public int[] attempts;

    /** When each action times out (0: not started). */
    public long[] deadlines;

    /** When each waiting call is retried (0: none). */
    public long[] retryAt;

    /** The current stage of concurrent steps: [stageStart, stageEnd). */
    public int stageStart;

    public int stageEnd;

    /** The step being compensated, counting down. */
    public int cursor;

    public long startedAt;
    public long finishedAt;
    public String reason;

    public SagaProgress() {}

    static SagaProgress started(int steps, long now) {
        SagaProgress progress = new SagaProgress();
        progress.phase = Phase.RUNNING.ordinal();
        progress.states = new int[steps];
        progress.attempts = new int[steps];
        progress.deadlines = new long[steps];
        progress.retryAt = new long[steps];
        progress.startedAt = now;
        return progress;
    }

    public Phase phase() {
        return Phase.values()[phase];
    }

    void phase(Phase next) {
        phase = next.ordinal();
    }

    public StepState state(int step) {
        return StepState.values()[states[step]];
    }

    void state(int step, StepState next) {
        states[step] = next.ordinal();
    }

    public boolean isDone() {
        return phase == Phase.DONE.ordinal();
    }
}
