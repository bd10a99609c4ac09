package dev.ferry.apply.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DownstreamOutageTest {
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final List<Long> sleeps = new ArrayList<>();
    private final DownstreamOutage outage =
            new DownstreamOutage(
                    "downstream 127.0.0.1:4000",
                    60_000,
                    now::get,
                    ms -> {
                        sleeps.add(ms);
                        now.addAndGet(ms);
                    });

    private static SQLException refused() {
        return new SQLNonTransientConnectionException("Connection refused", "08001");
    }

    @Test
    void connectionFailuresAreOutagesOthersAreNot() {
        assertThat(DownstreamOutage.isConnectionLoss(refused())).isTrue();
        assertThat(
                        DownstreamOutage.isConnectionLoss(
                                new SQLException(
                                        "wrapped",
                                        "HY000",
                                        new SQLTransientConnectionException("reset", "08S01"))))
                .isTrue();
        assertThat(DownstreamOutage.isConnectionLoss(new SQLException("deadlock", "40001", 1213)))
                .isFalse();
        assertThat(DownstreamOutage.isConnectionLoss(new SQLException("no state"))).isFalse();
    }

    @Test
    void backoffDoublesFromHalfASecondToTenSeconds() {
        assertThat(List.of(1, 2, 3, 4, 5, 6, 7, 50).stream().map(DownstreamOutage::backoffMs))
                .containsExactly(500L, 1_000L, 2_000L, 4_000L, 8_000L, 10_000L, 10_000L, 10_000L);
    }

    @Test
    void anOutageLastsFromTheFirstLossToTheFirstSuccess() throws Exception {
        assertThat(outage.unreachableMs()).isZero();
        outage.awaitRetry(refused(), 1);
        outage.awaitRetry(refused(), 2);
        assertThat(outage.unreachableMs()).isEqualTo(1_500);
        outage.lost(refused()); // a second connection failing within the same outage
        assertThat(outage.outages()).isEqualTo(1);
        outage.reachable();
        assertThat(outage.unreachableMs()).isZero();
        outage.lost(refused());
        assertThat(outage.outages()).isEqualTo(2);
    }

    @Test
    void waitsUntilTheTimeoutThenFailsNamingTheOption() throws Exception {
        int retry = 0;
        while (now.get() - 1_000_000 <= 60_000) {
            outage.awaitRetry(refused(), ++retry);
        }
        assertThat(sleeps).startsWith(500L, 1_000L, 2_000L).contains(10_000L);
        assertThatThrownBy(() -> outage.awaitRetry(refused(), 99))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("unreachable for 6")
                .hasMessageContaining("apply.downstream-outage-timeout (60 s)")
                .hasMessageContaining("nothing is lost");
    }
}
