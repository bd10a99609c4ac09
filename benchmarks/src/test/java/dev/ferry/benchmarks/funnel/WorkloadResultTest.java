package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadResultTest {
    static WorkloadResult bulk() {
        WorkloadResult r = new WorkloadResult(Workload.BULK, 90_000);
        r.put(Stage.RAW, new StageResult(0.1, 20_000_000, 0.12, Map.of("probe", 0.09)));
        r.put(Stage.PARSE, new StageResult(0.2, 20_000_000, 0.22, Map.of("probe", 0.18)));
        r.put(Stage.EVENTS, new StageResult(9, 50_000_000, 10, Map.of("capture", 11.0)));
        r.put(Stage.PRODUCE, new StageResult(10, 50_000_000, 10, Map.of("capture", 11.0)));
        r.put(Stage.CONSUME, new StageResult(0.5, 50_000_000, 0.6, Map.of("probe", 0.6)));
        r.put(Stage.APPLY, new StageResult(6, 50_000_000, 6, Map.of("apply", 5.0)));
        r.put(Stage.E2E, new StageResult(12, 20_000_000, 12, Map.of("capture", 6.0)));
        return r;
    }

    @Test
    void ratesAreTheBacklogsChangesOverEachStagesSeconds() {
        WorkloadResult r = bulk();
        assertThat(r.rate(Stage.RAW)).isCloseTo(900_000, within(1e-6));
        assertThat(r.rate(Stage.APPLY)).isCloseTo(15_000, within(1e-6));
        assertThat(r.megabytesPerSecond(Stage.RAW)).isCloseTo(200, within(1e-9));
        assertThat(r.percentOfRead(Stage.PRODUCE)).isCloseTo(1.0, within(1e-9));
        assertThat(r.expansion()).isCloseTo(2.5, within(1e-9));
    }

    @Test
    void theSlowestPipelineStageIsAmongThreeFourAndSix() {
        assertThat(bulk().slowestPipelineStage()).isEqualTo(Stage.PRODUCE);
        WorkloadResult tie = new WorkloadResult(Workload.SINGLE, 100);
        tie.put(Stage.EVENTS, new StageResult(2, 1, 2, Map.of()));
        tie.put(Stage.PRODUCE, new StageResult(2, 1, 2, Map.of()));
        tie.put(Stage.APPLY, new StageResult(1, 1, 1, Map.of()));
        tie.put(Stage.RAW, new StageResult(50, 1, 50, Map.of())); // a probe, never "slowest"
        assertThat(tie.slowestPipelineStage()).isEqualTo(Stage.EVENTS);
    }

    @Test
    void aStageNotMeasuredHasNoFigures() {
        WorkloadResult r = new WorkloadResult(Workload.SINGLE, 100);
        assertThat(r.rate(Stage.APPLY)).isNaN();
        assertThat(r.megabytesPerSecond(Stage.APPLY)).isNaN();
        assertThat(r.slowestPipelineStage()).isNull();
        assertThat(r.binlogEvents()).isNaN();
    }
}
