package dev.ferry.saga.coordinator;

import dev.ferry.saga.command.InvalidCommandException;
import dev.ferry.saga.command.SagaCommandParser;
import dev.ferry.saga.kafka.OutcomeJson;
import dev.ferry.saga.model.SagaDefinition;
import dev.ferry.saga.model.SagaOutcome;
import dev.ferry.saga.participant.StepCall;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.StateTtlConfig;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeHint;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator, keyed by global id: keeps each running saga's command and {@link SagaProgress}
 * in keyed state, feeds every event to the {@link SagaMachine}, emits the calls it asks for, sets
 * its timers (timeouts, retry backoff) as processing-time timers, and sends outcomes to a side
 * output as (global id, JSON). A finished saga leaves only a mark with a time to live, so that a
 * repeated command is ignored for the retention time.
 */
public final class SagaCoordinatorFunction
        extends KeyedProcessFunction<String, SagaEvent, StepCall> {
    private static final Logger LOG = LoggerFactory.getLogger(SagaCoordinatorFunction.class);

    /** Outcomes as (global id, JSON). */
    public static final OutputTag<Tuple2<String, String>> OUTCOMES =
            new OutputTag<>("saga-outcomes", TypeInformation.of(new TypeHint<>() {}));

    private final SagaCommandParser parser;
    private final long retentionMillis;

    /** The running saga's command as it came (UTF-8 JSON): bytes are checkpointed in one copy. */
    private transient ValueState<byte[]> command;

    /** Progress of a running saga; none before its start and after its end. */
    private transient ValueState<SagaProgress> progress;

    /**
     * Set when a saga ends, expiring after the retention: state time-to-live rather than a timer
     * per saga, so a finished saga costs one small entry in each checkpoint, not an entry and a
     * timer.
     */
    private transient ValueState<Boolean> finished;

    /** Parsed commands of running sagas; rebuilt from state after a restore. */
    private transient Map<String, SagaDefinition> definitions;

    public SagaCoordinatorFunction(SagaCommandParser parser, Duration finishedRetention) {
        this.parser = parser;
        this.retentionMillis = finishedRetention.toMillis();
    }

    @Override
    public void open(OpenContext context) {
        command =
                getRuntimeContext()
                        .getState(
                                new ValueStateDescriptor<>(
                                        "command",
                                        PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
        progress =
                getRuntimeContext()
                        .getState(new ValueStateDescriptor<>("progress", SagaProgress.class));
        ValueStateDescriptor<Boolean> ended = new ValueStateDescriptor<>("finished", Types.BOOLEAN);
        ended.enableTimeToLive(
                StateTtlConfig.newBuilder(Duration.ofMillis(retentionMillis))
                        .setUpdateType(StateTtlConfig.UpdateType.OnCreateAndWrite)
                        .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
                        // Expired marks are left out of checkpoints, and dropped from memory as
                        // the marks are visited one per access: two accesses per saga (its start
                        // and its end) against one mark added sweep them all well within the
                        // retention, at a fifth of the cost of Flink's default of five.
                        .cleanupFullSnapshot()
                        .cleanupIncrementally(1, false)
                        .build());
        finished = getRuntimeContext().getState(ended);
        definitions = new HashMap<>();
    }

    @Override
    public void processElement(SagaEvent event, Context context, Collector<StepCall> out)
            throws Exception {
        long now = context.timerService().currentProcessingTime();
        SagaProgress current = progress.value();
        switch (event.kind) {
            case START -> {
                if (current != null || finished.value() != null) {
                    LOG.debug("Ignoring a repeated start command for saga {}", event.gid);
                    return;
                }
                start(event, now, context, out);
            }
            case INVALID -> {
                if (current == null && finished.value() == null) {
                    fail(event.gid, event.reason, now, context);
                }
            }
            case RESULT -> {
                if (current != null) {
                    SagaDefinition saga = definition(event.gid);
                    apply(
                            saga,
                            current,
                            new SagaMachine(saga, current).onResult(event.result, now),
                            context,
                            out);
                }
            }
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext context, Collector<StepCall> out)
            throws Exception {
        SagaProgress current = progress.value();
        if (current == null) {
            return;
        }
        long now = context.timerService().currentProcessingTime();
        SagaDefinition saga = definition(context.getCurrentKey());
        apply(saga, current, new SagaMachine(saga, current).onTimer(now), context, out);
    }

    private void start(SagaEvent event, long now, Context context, Collector<StepCall> out)
            throws Exception {
        SagaDefinition saga;
        try {
            saga = parser.parse(event.command);
        } catch (InvalidCommandException e) {
            fail(event.gid, e.getMessage(), now, context);
            return;
        }
        if (!saga.gid().equals(event.gid)) {
            // Routed by the first "gid" field; the whole command reads the last one.
            fail(event.gid, "command has more than one \"gid\"", now, context);
            return;
        }
        command.update(event.command);
        definitions.put(event.gid, saga);
        Transition transition = new Transition();
        SagaProgress started = SagaMachine.start(saga, now, transition);
        apply(saga, started, transition, context, out);
    }

    private void fail(String gid, String reason, long now, Context context) throws Exception {
        LOG.warn("Saga {} cannot run: {}", gid, reason);
        finished.update(true);
        context.output(OUTCOMES, OutcomeJson.record(SagaOutcome.failed(gid, reason, now, now)));
    }

    private void apply(
            SagaDefinition saga,
            SagaProgress current,
            Transition transition,
            Context context,
            Collector<StepCall> out)
            throws Exception {
        for (Transition.CallRequest call : transition.calls()) {
            out.collect(StepCall.of(saga, call.step(), call.operation(), call.attempt()));
        }
        transition.applyTimers(context.timerService());
        SagaOutcome outcome = transition.outcome();
        if (outcome == null) {
            progress.update(current);
            return;
        }
        context.output(OUTCOMES, OutcomeJson.record(outcome));
        definitions.remove(saga.gid());
        command.clear();
        progress.clear();
        finished.update(true);
    }

    private SagaDefinition definition(String gid) throws Exception {
        SagaDefinition saga = definitions.get(gid);
        if (saga == null) {
            saga = parser.parse(command.value());
            definitions.put(gid, saga);
        }
        return saga;
    }
}
