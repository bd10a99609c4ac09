package dev.ferry.saga.participant;

import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

/**
 * Flink's async I/O around the {@link ParticipantCaller}: many calls in flight per subtask, and
 * calls still in flight at a checkpoint are kept in it and made again after a restore (the barrier
 * makes the repeat harmless). A call without an answer in time becomes a retryable result.
 */
public final class ParticipantCallFunction extends RichAsyncFunction<StepCall, StepResult> {
    private final CallerConfig config;
    private transient ParticipantCaller caller;

    public ParticipantCallFunction(CallerConfig config) {
        this.config = config;
    }

    @Override
    public void open(OpenContext context) {
        caller = new ParticipantCaller(config);
    }

    @Override
    public void asyncInvoke(StepCall call, ResultFuture<StepResult> future) {
        caller.call(call)
                .whenComplete(
                        (result, error) ->
                                future.complete(
                                        List.of(
                                                result != null
                                                        ? result
                                                        : call.retryable(String.valueOf(error)))));
    }

    @Override
    public void timeout(StepCall call, ResultFuture<StepResult> future) {
        future.complete(
                List.of(
                        call.retryable(
                                "no answer within " + config.callTimeout().toMillis() + " ms")));
    }

    @Override
    public void close() {
        if (caller != null) {
            caller.close();
        }
    }
}
