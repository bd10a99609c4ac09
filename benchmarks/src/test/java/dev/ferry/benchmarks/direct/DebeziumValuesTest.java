package dev.ferry.benchmarks.direct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class DebeziumValuesTest {
    @Test
    void plainValuesPassAsTheyAre() {
        assertThat(DebeziumValues.bindable(null, 7)).isEqualTo(7);
        assertThat(DebeziumValues.bindable(null, "x")).isEqualTo("x");
        assertThat(DebeziumValues.bindable(null, null)).isNull();
        BigDecimal exact = new BigDecimal("12345678901234567890.123");
        assertThat(DebeziumValues.bindable("org.apache.kafka.connect.data.Decimal", exact))
                .isSameAs(exact);
    }

    @Test
    void bytesComeOutOfTheirBufferWhole() {
        ByteBuffer buffer = ByteBuffer.wrap(new byte[] {9, 1, 2, 3}, 1, 3);
        assertThat((byte[]) DebeziumValues.bindable(null, buffer)).containsExactly(1, 2, 3);
        assertThat(buffer.remaining()).isEqualTo(3);
    }

    @Test
    void temporalNumbersBecomeTheColumnsWallClockValues() {
        assertThat(DebeziumValues.bindable("io.debezium.time.Date", 19_000))
                .isEqualTo(LocalDate.of(2022, 1, 8));
        assertThat(DebeziumValues.bindable("io.debezium.time.Timestamp", 1_000L))
                .isEqualTo("1970-01-01 00:00:01.000000");
        assertThat(DebeziumValues.bindable("io.debezium.time.MicroTimestamp", -1L))
                .isEqualTo("1969-12-31 23:59:59.999999");
        assertThat(
                        DebeziumValues.bindable(
                                "io.debezium.time.ZonedTimestamp", "2024-01-02T03:04:05.5Z"))
                .isEqualTo("2024-01-02 03:04:05.500000");
    }

    @Test
    void timeMayBeNegativeOrPastADay() {
        assertThat(DebeziumValues.bindable("io.debezium.time.MicroTime", 90_061_000_001L))
                .isEqualTo("25:01:01.000001");
        assertThat(DebeziumValues.time(-3_600_500_000L)).isEqualTo("-01:00:00.500000");
        assertThat(DebeziumValues.bindable("io.debezium.time.Time", 1_000))
                .isEqualTo("00:00:01.000000");
    }

    @Test
    void anUnknownLogicalTypeIsRefusedByName() {
        assertThatThrownBy(() -> DebeziumValues.bindable("io.debezium.data.geometry.Point", 1))
                .hasMessageContaining("io.debezium.data.geometry.Point");
    }
}
