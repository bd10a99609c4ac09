package dev.ferry.benchmarks.sysbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SysbenchSummaryTest {
    private static final String RUN =
            """
            sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

            Running the test with following options:
            Number of threads: 16

            SQL statistics:
                queries performed:
                    read:                            0
                    write:                           290412
                    other:                           145206
                    total:                           435618
                transactions:                        72603  (4838.73 per sec.)
                queries:                             435618 (29032.36 per sec.)
                ignored errors:                      3      (0.20 per sec.)
                reconnects:                          0      (0.00 per sec.)

            General statistics:
                total time:                          15.0042s
                total number of events:              72603

            Latency (ms):
                     min:                                    0.52
                     avg:                                    3.30
                     max:                                  111.13
                     95th percentile:                        7.98
                     sum:                               239761.45
            """;

    @Test
    void readsTheFiguresTheReportsUse() {
        SysbenchSummary summary = SysbenchSummary.parse(RUN);
        assertThat(summary.transactions()).isEqualTo(72603);
        assertThat(summary.transactionsPerSecond()).isEqualTo(4838.73);
        assertThat(summary.writes()).isEqualTo(290412);
        assertThat(summary.totalSeconds()).isEqualTo(15.0042);
        assertThat(summary.p95Millis()).isEqualTo(7.98);
        assertThat(summary.ignoredErrors()).isEqualTo(3);
        // saga.sh's sysbench OPS: writes / total time
        assertThat(summary.writesPerSecond())
                .isCloseTo(19355.4, org.assertj.core.data.Offset.offset(0.05));
    }

    @Test
    void aFailedRunNamesTheMissingLineAndShowsTheOutput() {
        assertThatThrownBy(() -> SysbenchSummary.parse("FATAL: unable to connect to MySQL server"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'transactions:'")
                .hasMessageContaining("unable to connect");
    }
}
