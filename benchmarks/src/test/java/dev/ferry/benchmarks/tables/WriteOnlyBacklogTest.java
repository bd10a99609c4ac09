package dev.ferry.benchmarks.tables;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WriteOnlyBacklogTest {
    private static final String SUMMARY =
            """
            SQL statistics:
                queries performed:
                    write:                           4000
                transactions:                        1000  (100.00 per sec.)
                ignored errors:                      0      (0.00 per sec.)

            General statistics:
                total time:                          10.0042s
            """;

    @Test
    void aRunThatCommittedGivesFourChangesPerTransaction() {
        WriteOnlyBacklog.Outcome outcome = WriteOnlyBacklog.outcome(0, SUMMARY);
        assertThat(outcome.failure()).isNull();
        assertThat(outcome.transactions()).isEqualTo(1000);
        assertThat(outcome.rowChanges()).isEqualTo(4000);
    }

    @Test
    void aFailedRunIsNamedByItsFirstErrorLine() {
        WriteOnlyBacklog.Outcome outcome =
                WriteOnlyBacklog.outcome(
                        1,
                        "sysbench 1.0.20\nFATAL: error 1461: Can't create more than"
                                + " max_prepared_stmt_count statements\nFATAL: other\n");
        assertThat(outcome.failure())
                .isEqualTo(
                        "sysbench failed: FATAL: error 1461: Can't create more than"
                                + " max_prepared_stmt_count statements");
        assertThat(outcome.rowChanges()).isZero();
    }

    @Test
    void aRunWithoutAnErrorLineOrTransactionsStillFails() {
        assertThat(WriteOnlyBacklog.outcome(137, "").failure())
                .isEqualTo("sysbench failed: exit 137");
        assertThat(WriteOnlyBacklog.outcome(0, "nothing").failure())
                .isEqualTo("sysbench failed: no transaction committed");
    }
}
