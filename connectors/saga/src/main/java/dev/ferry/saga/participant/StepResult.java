package dev.ferry.saga.participant;

import dev.ferry.saga.model.Operation;

/**
 * A participant's answer to one {@link StepCall}, matched back to the saga by global id, step,
 * operation and attempt. A Flink POJO: it travels through the feedback topic.
 */
public class StepResult {
    /** What the answer means to the coordinator. */
    public enum Kind {
        SUCCEEDED,
        /** A definite refusal: the participant's local transaction rolled back. */
        FAILED,
        /** Unknown or transient (timeout, lost connection, deadlock, HTTP 5xx): retry. */
        RETRYABLE
    }

    public String gid;
    public int stepIndex;
    public Operation operation;
    public int attempt;
    public Kind kind;
    public String message;

    public StepResult() {}

    static StepResult of(StepCall call, Kind kind, String message) {
        StepResult result = new StepResult();
        result.gid = call.gid;
        result.stepIndex = call.stepIndex;
        result.operation = call.operation;
        result.attempt = call.attempt;
        result.kind = kind;
        result.message = message;
        return result;
    }

    @Override
    public String toString() {
        return gid
                + "/"
                + stepIndex
                + "/"
                + operation.label()
                + "#"
                + attempt
                + " "
                + kind
                + (message == null ? "" : ": " + message);
    }
}
