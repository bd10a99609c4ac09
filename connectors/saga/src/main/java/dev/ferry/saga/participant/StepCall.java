package dev.ferry.saga.participant;

import dev.ferry.saga.model.Call;
import dev.ferry.saga.model.HttpCall;
import dev.ferry.saga.model.Operation;
import dev.ferry.saga.model.SagaDefinition;
import dev.ferry.saga.model.SqlCall;

/**
 * One call the coordinator asks a participant to run: everything the caller needs, so that it keeps
 * no state of its own. A Flink POJO (public fields, no-argument constructor) because it crosses the
 * async operator and is kept in its checkpoints.
 */
public class StepCall {
    public String gid;
    public int stepIndex;
    public String branchId;
    public Operation operation;
    public int attempt;
    public boolean barrier;

    /** Set for SQL calls. */
    public String participant;

    public String[] statements;

    /** Set for HTTP calls. */
    public String url;

    public String payload;

    public StepCall() {}

    /** The call running {@code operation} of step {@code stepIndex}, attempt {@code attempt}. */
    public static StepCall of(
            SagaDefinition saga, int stepIndex, Operation operation, int attempt) {
        StepCall call = new StepCall();
        call.gid = saga.gid();
        call.stepIndex = stepIndex;
        call.branchId = saga.step(stepIndex).branchId();
        call.operation = operation;
        call.attempt = attempt;
        call.barrier = saga.barrier();
        Call what = saga.step(stepIndex).call(operation);
        if (what instanceof SqlCall sql) {
            call.participant = sql.participant();
            call.statements = sql.statements().toArray(String[]::new);
        } else if (what instanceof HttpCall http) {
            call.url = http.url();
            call.payload = http.payload();
        }
        return call;
    }

    public boolean isSql() {
        return url == null;
    }

    /** The answer "this call succeeded". */
    public StepResult succeeded() {
        return StepResult.of(this, StepResult.Kind.SUCCEEDED, null);
    }

    /** The answer "the participant refused; retrying will not help". */
    public StepResult failed(String message) {
        return StepResult.of(this, StepResult.Kind.FAILED, message);
    }

    /** The answer "no definite result; the call may be retried". */
    public StepResult retryable(String message) {
        return StepResult.of(this, StepResult.Kind.RETRYABLE, message);
    }

    @Override
    public String toString() {
        return gid + "/" + branchId + "/" + operation.label() + "#" + attempt;
    }
}
