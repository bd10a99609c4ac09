package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadTextTest {
    private final LoadResults results = new LoadResults();

    @Test
    void coresAreEachProcesssCpuOverTheWallTimeLabelledAsTheReportNamesThem() {
        results.record(
                "level", Map.of("wall", 20.0, "cpu_capture", 6.4, "cpu_up", 5.2, "cpu_kafka", 1.0));
        assertThat(LoadText.cores(results, "level", "capture", "up", "down", "kafka"))
                .isEqualTo("capture 0.32, upstream 0.26, downstream —, Kafka 0.05");
        assertThat(LoadText.busy(results, "level", "capture", "up")).isEqualTo(0.58, within(1e-9));
        assertThat(LoadText.busy(results, "level", "capture", "down")).isNull();
    }

    @Test
    void microsecondsPerChangeUntilCaughtUp() {
        results.record(
                "level",
                Map.of(
                        "cpuc_capture",
                        2.0,
                        "cpuc_apply",
                        1.0,
                        "cpuc_kafka",
                        0.5,
                        "changes",
                        100_000.0));
        assertThat(LoadText.usPerChange(results, "level", "capture")).isEqualTo(20, within(1e-9));
        assertThat(LoadText.usAll(results, "level")).isEqualTo(35, within(1e-9));
        assertThat(LoadText.usPerChange(results, "missing", "capture")).isNull();
    }

    @Test
    void applyRatesAndTheSmallBaselineInBinlogMegabytesPerSecond() {
        results.record("small_1", Map.of("binlog_bytes", 33_200_000.0, "apply_s", 4.43));
        results.record("small_2", Map.of("binlog_bytes", 33_200_000.0, "apply_s", 2.78));
        assertThat(LoadText.applyMbps(results, "small_1")).isEqualTo(7.494, within(1e-3));
        assertThat(LoadText.smallMbps(results))
                .isEqualTo((33.2 / 4.43 + 33.2 / 2.78) / 2, within(1e-9));
        results.record("big_16", Map.of("binlog_bytes", 16_200_000.0, "apply_s", 0.0));
        assertThat(LoadText.applyMbps(results, "big_16")).isNull();
    }

    @Test
    void theMeanLeavesOutWhatWasNotMeasured() {
        assertThat(LoadText.mean(Arrays.asList(1.0, null, 3.0))).isEqualTo(2);
        assertThat(LoadText.mean(Arrays.asList(null, null))).isNull();
    }

    @Test
    void spilledIsAnyGrowthOfTheGauge() {
        assertThat(LoadText.spilledCell(0.0)).isEqualTo("no");
        assertThat(LoadText.spilledCell(1.0)).isEqualTo("yes (1)");
        assertThat(LoadText.spilledCell(null)).isEqualTo("—");
        assertThat(LoadText.spilled(null)).isFalse();
        assertThat(LoadText.spilled(2.0)).isTrue();
    }

    @Test
    void sizeLists() {
        assertThat(LoadText.sizeList(List.of(64, 128))).isEqualTo("64, 128 MB");
        assertThat(LoadText.sizeList(List.of())).isEqualTo("none");
    }

    @Test
    void theLargestTransactionsSentenceFollowsItsRatio() {
        assertThat(LoadText.largestSentence(0.5)).contains("0.50×").contains("is what limits it");
        assertThat(LoadText.largestSentence(0.7)).contains("costs about what");
        assertThat(LoadText.largestSentence(1.09)).contains("1.09×").contains("outweighs");
        assertThat(LoadText.largestSentence(null)).contains("—×").contains("not measured");
    }

    @Test
    void theDelayGrowsOnlyPastTwentyPercent() {
        assertThat(LoadText.delayTrend("oltp_insert", 1000.0, 1250.0))
                .isEqualTo(
                        "Here too the delay grows with the load (`oltp_insert`: p50 1,000 → 1,250 ms).");
        assertThat(LoadText.delayTrend("oltp_insert", 1000.0, 1200.0))
                .startsWith("Here the delay stays flat across the levels");
        assertThat(LoadText.delayTrend("oltp_insert", null, 1200.0)).contains("p50 — → 1,200 ms");
    }

    @Test
    void largeTransactionsAreOneInsertFromTheSequenceEngine() {
        assertThat(LargeTransactions.insertSql("bench_load", "big_16", 1, 16_000))
                .isEqualTo(
                        "INSERT INTO bench_load.big_16 SELECT seq, REPEAT(CHAR(65 + seq % 26), 1000)"
                                + " FROM bench_load.seq_1_to_16000");
    }
}
