package dev.ferry.benchmarks.incremental;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.benchmarks.incremental.IncrementalPlan.Flags;
import dev.ferry.benchmarks.incremental.IncrementalPlan.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

class IncrementalPlanTest {
    private static final Flags NONE = new Flags(null, null, null, null, null, null, null, 32);

    @Test
    void theFullTableSweepsWorkersAtTheLargestBatchThenBatchesAtThirtyTwoWorkers() {
        IncrementalPlan plan = IncrementalPlan.of(Size.FULL, NONE);
        assertThat(plan.livePoints())
                .containsExactly(
                        new SweepPoint(4, 2000),
                        new SweepPoint(8, 2000),
                        new SweepPoint(16, 2000),
                        new SweepPoint(32, 2000),
                        new SweepPoint(64, 2000),
                        new SweepPoint(32, 100),
                        new SweepPoint(32, 500));
        assertThat(plan.workloads()).containsExactly("oltp_insert", "oltp_write_only");
        assertThat(plan.drainWorkers()).containsExactly(32);
        assertThat(List.of(plan.liveSeconds(), plan.drainSeconds(), plan.rowsPerTable()))
                .containsExactly(10, 20, 20_000);
    }

    @Test
    void quickAndSmokeAreOneLiveRunAndOneInsertDrain() {
        IncrementalPlan quick = IncrementalPlan.of(Size.QUICK, NONE);
        assertThat(quick.livePoints()).containsExactly(new SweepPoint(16, 2000));
        assertThat(quick.workloads()).containsExactly("oltp_insert");
        assertThat(List.of(quick.firstDrainWorkers(), quick.liveSeconds(), quick.drainSeconds()))
                .containsExactly(16, 15, 10);
        assertThat(quick.rowsPerTable()).isEqualTo(10_000);
        IncrementalPlan smoke = IncrementalPlan.of(Size.SMOKE, NONE);
        assertThat(smoke.livePoints()).containsExactly(new SweepPoint(4, 500));
        assertThat(smoke.rowsPerTable()).isEqualTo(2_000);
    }

    @Test
    void flagsOverrideTheSizesDefaults() {
        IncrementalPlan plan =
                IncrementalPlan.of(
                        Size.QUICK,
                        new Flags("8 48", "300 100", "oltp_write_only", "4 8", 3, null, 500, 8));
        assertThat(plan.batch()).isEqualTo(300);
        assertThat(plan.batchWorkers()).isEqualTo(48);
        assertThat(plan.livePoints())
                .containsExactly(
                        new SweepPoint(8, 300), new SweepPoint(48, 300), new SweepPoint(48, 100));
        assertThat(plan.liveWorkload()).isEqualTo("oltp_write_only");
        assertThat(
                        List.of(
                                plan.liveSeconds(),
                                plan.drainSeconds(),
                                plan.rowsPerTable(),
                                plan.threads()))
                .containsExactly(3, 10, 500, 8);
    }

    @Test
    void ofTwoWorkersAsNearToThirtyTwoTheSmallerRunsTheBatchSweep() {
        IncrementalPlan plan =
                IncrementalPlan.of(
                        Size.QUICK, new Flags("48 16", "10 20", null, null, null, null, null, 32));
        assertThat(plan.batchWorkers()).isEqualTo(16);
    }

    @Test
    void valuesOutOfBoundsNameTheirFlag() {
        assertThatThrownBy(
                        () ->
                                IncrementalPlan.of(
                                        Size.QUICK,
                                        new Flags("4 65", null, null, null, null, null, null, 32)))
                .hasMessage("--workers must be whole numbers from 1 to 64, got '65'");
        assertThatThrownBy(
                        () ->
                                IncrementalPlan.of(
                                        Size.QUICK,
                                        new Flags(null, "0", null, null, null, null, null, 32)))
                .hasMessageContaining("--batch-sizes");
        assertThatThrownBy(
                        () ->
                                IncrementalPlan.of(
                                        Size.QUICK,
                                        new Flags(
                                                null,
                                                null,
                                                "oltp_read_only",
                                                null,
                                                null,
                                                null,
                                                null,
                                                32)))
                .hasMessage("--workloads: oltp_insert and/or oltp_write_only, not oltp_read_only");
        assertThatThrownBy(
                        () ->
                                IncrementalPlan.of(
                                        Size.QUICK,
                                        new Flags(null, null, null, "", null, null, null, 32)))
                .hasMessageContaining("--drain-workers is empty");
        assertThatThrownBy(
                        () ->
                                IncrementalPlan.of(
                                        Size.QUICK,
                                        new Flags(null, null, null, null, null, null, 99, 32)))
                .hasMessageContaining("--rows-per-table must be whole numbers from 100");
        assertThatThrownBy(
                        () ->
                                IncrementalPlan.of(
                                        Size.QUICK,
                                        NONE.threads() == 32
                                                ? new Flags(
                                                        null, null, null, null, null, null, null, 0)
                                                : NONE))
                .hasMessageContaining("--live-seconds/--drain-seconds/--threads");
    }
}
