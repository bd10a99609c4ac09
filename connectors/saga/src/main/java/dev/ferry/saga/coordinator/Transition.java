package dev.ferry.saga.coordinator;

import dev.ferry.saga.model.Operation;
import dev.ferry.saga.model.SagaOutcome;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.streaming.api.TimerService;

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

    /**
     * Deletes the cancelled timers, then sets the new ones: a new stage's deadline may fall on the
     * same millisecond as the finished stage's, and must stay.
     */
    public void applyTimers(TimerService timerService) {
        for (long time : cancelledTimers) {
            timerService.deleteProcessingTimeTimer(time);
        }
        for (long time : timers) {
            timerService.registerProcessingTimeTimer(time);
        }
    }

    /** The saga's outcome when this event ended it; null otherwise. */
    public SagaOutcome outcome() {
        return outcome;
    }
}
