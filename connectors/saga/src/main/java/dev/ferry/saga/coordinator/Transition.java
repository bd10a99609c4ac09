package dev.ferry.saga.coordinator;

import dev.ferry.saga.model.Operation;
import dev.ferry.saga.model.SagaOutcome;
import java.util.ArrayList;
import java.util.List;

/** What the coordinator must do after one event: calls to make, timers to set, an outcome. */
public final class Transition {
    /** A call to issue: {@code operation} of step {@code step}, attempt number {@code attempt}. */
    public record CallRequest(int step, Operation operation, int attempt) {}

    private final List<CallRequest> calls = new ArrayList<>();
    private final List<Long> timers = new ArrayList<>();
    private final List<Long> cancelledTimers = new ArrayList<>();
    private SagaOutcome outcome;

    void call(int step, Operation operation, int attempt) {
        calls.add(new CallRequest(step, operation, attempt));
    }

    void timer(long time) {
        timers.add(time);
    }

    /** A timer no longer needed: removing it keeps it out of every later checkpoint. */
    void cancelTimer(long time) {
        cancelledTimers.add(time);
    }

    void finish(SagaOutcome result) {
        outcome = result;
    }

    public List<CallRequest> calls() {
        return calls;
    }

    public List<Long> timers() {
        return timers;
    }

    public List<Long> cancelledTimers() {
        return cancelledTimers;
    }

    /** The saga's outcome when this event ended it; null otherwise. */
    public SagaOutcome outcome() {
        return outcome;
    }
}
