package dev.ferry.apply.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class TransactionTooLargeTest {

    @Test
    void recognisesTidbsRefusalByItsErrorCode() {
        SQLException refusal =
                new SQLException("Transaction is too large, size: 1048576", "HY000", 8004);

        assertThat(TransactionTooLarge.matches(refusal)).isTrue();
        assertThat(Retryable.isRetryable(refusal)).isFalse();
    }

    @Test
    void recognisesTheRefusalWrappedByTheDriver() {
        SQLException wrapped =
                new SQLException(
                        "commit failed",
                        "HY000",
                        0,
                        new SQLException("[kv:8004]Transaction is too large, size: 1048576"));

        assertThat(TransactionTooLarge.matches(wrapped)).isTrue();
    }

    @Test
    void otherFailuresAreNotTakenForIt() {
        assertThat(TransactionTooLarge.matches(new SQLException("Deadlock found", "40001", 1213)))
                .isFalse();
        assertThat(
                        TransactionTooLarge.matches(
                                new SQLException("Communications link failure", "08S01")))
                .isFalse();
    }
}
