package dev.ferry.benchmarks.incremental;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.report.CpuUse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The figures the incremental report derives from what it measured. */
class ArithmeticTest {
    private static final Point FERRY = new Point(Point.FERRY, 16, 2000, "oltp_insert");

    @Test
    void aDrainsRatesAndCpuPerHundredThousandChanges() {
        DrainResult drain =
                new DrainResult(FERRY, 100_000L, 400_000L, 20.0, "capture=1.0", 46.0, "ok");
        assertThat(drain.rowsPerSecond()).isEqualTo(20_000.0);
        assertThat(drain.transactionsPerSecond()).isEqualTo(5_000.0);
        assertThat(drain.cpuPerHundredThousand()).isEqualTo(11.5);
        assertThat(drain.cores()).isEqualTo(2.3);
        DrainResult failed = DrainResult.failed(FERRY, 10L, 10L, "not caught up after 900s");
        assertThat(failed.rowsPerSecond()).isNull();
        assertThat(failed.cpuPerHundredThousand()).isNull();
    }

    @Test
    void cpuCountsTheReportsProcessesNotTheStealTime() {
        CpuUse use =
                CpuUse.between(
                        Map.of("capture", 10.0, "kafka", 1.0, "steal", 100.0),
                        Map.of("capture", 12.5, "apply", 3.0, "kafka", 1.5, "steal", 190.0));
        assertThat(CpuProcesses.summary(use)).isEqualTo("capture=2.5 apply=3.0 kafka=0.5");
        assertThat(CpuProcesses.total(use)).isEqualTo(6.0);
    }

    @Test
    void kiloShowsThousandsWithOneDecimal() {
        assertThat(Kilo.of(12_345.0)).isEqualTo("12.3k");
        assertThat(Kilo.of(1000.0)).isEqualTo("1.0k");
        assertThat(Kilo.of(999.4)).isEqualTo("999");
        assertThat(Kilo.of(null)).isEqualTo("—");
    }

    @Test
    void theLargestBacklogSkipsDrainsThatWroteNone() {
        IncrementalResults results = new IncrementalResults();
        assertThat(results.largestBacklog()).isNull();
        results.drains.add(DrainResult.failed(FERRY, null, null, "apply died"));
        results.drains.add(new DrainResult(FERRY, 5L, 20L, 1.0, "", 0, "ok"));
        results.drains.add(new DrainResult(FERRY, 9L, 9L, null, "", 0, "failed"));
        assertThat(results.largestBacklog()).isEqualTo(20);
    }

    @Test
    void drainRateIsOfTheFirstDrainThatDrained() {
        IncrementalResults results = new IncrementalResults();
        results.drains.add(DrainResult.failed(FERRY, 10L, 10L, "x"));
        results.drains.add(new DrainResult(FERRY, 10L, 30L, 3.0, "", 0, "ok"));
        assertThat(results.drainRate(Point.FERRY, 16, "oltp_insert")).isEqualTo(10.0);
        assertThat(results.drainRate(Point.STOCK, 16, "oltp_insert")).isNull();
        assertThat(results.drainRate(Point.FERRY, 32, "oltp_insert")).isNull();
    }
}
