package dev.ferry.benchmarks.drain;

import static dev.ferry.benchmarks.drain.DrainResults.drained;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DrainRatiosTest {
    @Test
    void versusGivesTheRatioAndWhetherItReachedTheTarget() {
        assertThat(DrainRatios.Versus.of(150.0, 100.0, 1.5))
                .isEqualTo(new DrainRatios.Versus("1.50×", "met"));
        assertThat(DrainRatios.Versus.of(149.0, 100.0, 1.5))
                .isEqualTo(new DrainRatios.Versus("1.49×", "missed"));
        assertThat(DrainRatios.Versus.of(null, 100.0, 1.0))
                .isEqualTo(new DrainRatios.Versus("—", "not measured"));
        assertThat(DrainRatios.Versus.of(100.0, null, 1.0).verdict()).isEqualTo("not measured");
    }

    @Test
    void rowsCompareTheRatesOfTheSameWorkloadAndWorkersAndCountTheVerdicts() {
        List<DrainResult> results =
                List.of(
                        drained("oltp_insert", "transaction", 4, 12_000, 10), // 1,200/s
                        drained("oltp_insert", "transaction@kafka", 4, 30_000, 10), // 3,000/s
                        drained("oltp_insert", "row@kafka", 4, 20_000, 10), // 2,000/s
                        drained("oltp_insert", "stock", 4, 10_000, 10), // 1,000/s
                        drained("oltp_insert", "stock", 16, 10_000, 10),
                        drained("oltp_insert", "transaction", 16, 9_000, 10),
                        DrainResult.failed("oltp_insert", "transaction@kafka", 16, null, "boom"));
        DrainRatios ratios = new DrainRatios(results);
        assertThat(ratios.row("oltp_insert", 4))
                .isEqualTo("| `oltp_insert` | 4 | 3.00× | met | 1.20× | met | 1.50× |");
        assertThat(ratios.row("oltp_insert", 16))
                .isEqualTo("| `oltp_insert` | 16 | — | not measured | 0.90× | missed | — |");
        assertThat(ratios.row("oltp_write_only", 4))
                .isEqualTo("| `oltp_write_only` | 4 | — | not measured | — | not measured | — |");
        assertThat(ratios.summary())
                .isEqualTo(
                        "Target met by the apply from Kafka (≥ 1.5×) in 1 and missed in 0 of the"
                                + " 1 measured comparisons; by the whole pipeline (≥ 1.0×) in 1"
                                + " and missed in 1 of 2.");
    }

    @Test
    void theFirstRunThatDrainedGivesTheRate() {
        DrainRatios ratios =
                new DrainRatios(
                        List.of(
                                DrainResult.failed("oltp_insert", "stock", 4, null, "no"),
                                drained("oltp_insert", "stock", 4, 500, 1),
                                drained("oltp_insert", "stock", 4, 900, 1)));
        assertThat(ratios.rate("oltp_insert", "stock", 4)).isEqualTo(500.0);
        assertThat(ratios.rate("oltp_insert", "stock", 8)).isNull();
    }
}
