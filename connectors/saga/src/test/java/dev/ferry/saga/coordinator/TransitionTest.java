package dev.ferry.saga.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.saga.model.Operation;
import dev.ferry.saga.model.SagaDefinition;
import dev.ferry.saga.participant.StepCall;
import dev.ferry.saga.participant.StepResult;
import java.util.TreeSet;
import org.apache.flink.streaming.api.TimerService;
import org.junit.jupiter.api.Test;

class TransitionTest {
    private final Timers timers = new Timers();

    @Test
    void aCommittedSagaLeavesNoDeadlineTimerBehind() {
        SagaDefinition saga = SagaMachineTest.saga(2, 0);
        Transition start = new Transition();
        SagaProgress progress = SagaMachine.start(saga, 1_000, start);
        start.applyTimers(timers);
        SagaMachine machine = new SagaMachine(saga, progress);

        machine.onResult(succeeded(saga, 0), 1_005).applyTimers(timers);
        assertThat(timers.set).containsExactly(1_005 + 1_000L);
        machine.onResult(succeeded(saga, 1), 1_009).applyTimers(timers);

        assertThat(progress.isDone()).isTrue();
        assertThat(timers.set).isEmpty();
    }

    @Test
    void aStageStartedInTheMillisecondOfThePreviousOneKeepsItsDeadline() {
        SagaDefinition saga = SagaMachineTest.saga(2, 0);
        Transition start = new Transition();
        SagaProgress progress = SagaMachine.start(saga, 1_000, start);
        start.applyTimers(timers);

        new SagaMachine(saga, progress).onResult(succeeded(saga, 0), 1_000).applyTimers(timers);

        assertThat(timers.set).containsExactly(2_000L);
    }

    private static StepResult succeeded(SagaDefinition saga, int step) {
        return StepCall.of(saga, step, Operation.ACTION, 1).succeeded();
    }

    /** The processing-time timers a coordinator would hold for one key. */
    private static final class Timers implements TimerService {
        final TreeSet<Long> set = new TreeSet<>();

        @Override
        public long currentProcessingTime() {
            return 0;
        }

        @Override
        public long currentWatermark() {
            return Long.MIN_VALUE;
        }

        @Override
        public void registerProcessingTimeTimer(long time) {
            set.add(time);
        }

        @Override
        public void registerEventTimeTimer(long time) {
            throw new UnsupportedOperationException("the coordinator uses processing time");
        }

        @Override
        public void deleteProcessingTimeTimer(long time) {
            set.remove(time);
        }

        @Override
        public void deleteEventTimeTimer(long time) {
            throw new UnsupportedOperationException("the coordinator uses processing time");
        }
    }
}
