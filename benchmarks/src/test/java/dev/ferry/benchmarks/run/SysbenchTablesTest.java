package dev.ferry.benchmarks.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SysbenchTablesTest {
    @Test
    void anInsertTransactionIsOneRowChangeAndAWriteOnlyOneIsFour() {
        assertThat(SysbenchTables.rowChanges("oltp_insert", 1_000)).isEqualTo(1_000);
        assertThat(SysbenchTables.rowChanges("oltp_write_only", 1_000)).isEqualTo(4_000);
    }
}
