package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ValueComparisonTest {

    @Test
    void decimalsCompareByValueNotScale() {
        assertThat(equal(ValueKind.EXACT_NUMBER, new BigDecimal("1.50"), new BigDecimal("1.5")))
                .isTrue();
        assertThat(equal(ValueKind.EXACT_NUMBER, new BigDecimal("1.5"), new BigDecimal("1.51")))
                .isFalse();
        assertThat(equal(ValueKind.EXACT_NUMBER, new BigDecimal("0"), new BigDecimal("0.000")))
                .isTrue();
    }

    @Test
    void unsignedBigintsAbove2To63AreExact() {
        BigDecimal max = new BigDecimal("18446744073709551615");
        BigDecimal belowMax = new BigDecimal("18446744073709551614");

        assertThat(equal(ValueKind.EXACT_NUMBER, max, new BigDecimal("18446744073709551615")))
                .isTrue();
        assertThat(equal(ValueKind.EXACT_NUMBER, max, belowMax)).isFalse();
    }

    @Test
    void nullEqualsOnlyNull() {
        assertThat(equal(ValueKind.TEXT, null, null)).isTrue();
        assertThat(equal(ValueKind.TEXT, null, "")).isFalse();
        assertThat(equal(ValueKind.TEXT, "", null)).isFalse();
        assertThat(equal(ValueKind.EXACT_NUMBER, null, BigDecimal.ZERO)).isFalse();
        assertThat(equal(ValueKind.JSON, "null", null)).isFalse();
    }

    @Test
    void textComparesExactlyIncludingEmojiAndCase() {
        assertThat(equal(ValueKind.TEXT, "caf\u00e9 \ud83d\ude80", "caf\u00e9 \ud83d\ude80"))
                .isTrue();
        assertThat(equal(ValueKind.TEXT, "caf\u00e9 \ud83d\ude80", "caf\u00e9 ?")).isFalse();
        assertThat(equal(ValueKind.TEXT, "Abc", "abc")).isFalse();
        assertThat(equal(ValueKind.TEXT, "abc", "abc ")).isFalse();
    }

    @Test
    void bytesCompareByContent() {
        assertThat(
                        equal(
                                ValueKind.BYTES,
                                new byte[] {0, 1, (byte) 0xff},
                                new byte[] {0, 1, (byte) 0xff}))
                .isTrue();
        assertThat(equal(ValueKind.BYTES, new byte[] {0, 1}, new byte[] {0, 1, 0})).isFalse();
        assertThat(equal(ValueKind.BYTES, new byte[0], null)).isFalse();
    }

    @Test
    void temporalValuesCompareWithAllMicroseconds() {
        assertThat(
                        equal(
                                ValueKind.TEMPORAL,
                                "2024-02-29 23:59:59.999999",
                                "2024-02-29 23:59:59.999999"))
                .isTrue();
        assertThat(
                        equal(
                                ValueKind.TEMPORAL,
                                "2024-02-29 23:59:59.999999",
                                "2024-02-29 23:59:59.999990"))
                .isFalse();
    }

    @Test
    void floatsCompareAtSinglePrecisionAndDoublesAtDouble() {
        // A server printing 1.100000023841858 and one printing 1.1 read the same FLOAT.
        assertThat(equal(ValueKind.FLOAT, (float) 1.100000023841858, 1.1f)).isTrue();
        assertThat(equal(ValueKind.FLOAT, 1.1f, 1.2f)).isFalse();
        assertThat(equal(ValueKind.DOUBLE, 0.1 + 0.2, 0.3)).isFalse();
        assertThat(equal(ValueKind.DOUBLE, 2.5, 2.5)).isTrue();
    }

    @Test
    void jsonComparesByMeaning() {
        assertThat(equal(ValueKind.JSON, "{\"a\":1,\"b\":[1,2]}", "{\"b\": [1, 2], \"a\": 1}"))
                .isTrue();
        assertThat(equal(ValueKind.JSON, "{\"a\":1}", "{\"a\":2}")).isFalse();
        assertThat(equal(ValueKind.JSON, "[1,2]", "[2,1]")).isFalse();
        assertThat(equal(ValueKind.JSON, "{\"n\":1.0}", "{\"n\":1}")).isTrue();
        assertThat(equal(ValueKind.JSON, "{\"n\":0.10}", "{\"n\":0.1}")).isTrue();
        assertThat(equal(ValueKind.JSON, "{\"n\":0.1}", "{\"n\":0.1000000000000000001}")).isFalse();
        assertThat(equal(ValueKind.JSON, "{\"s\":\"\ud83d\ude80\"}", "{\"s\":\"\\ud83d\\ude80\"}"))
                .isTrue();
    }

    @Test
    void invalidJsonFallsBackToTextComparison() {
        assertThat(equal(ValueKind.JSON, "not json", "not json")).isTrue();
        assertThat(equal(ValueKind.JSON, "not json", "not  json")).isFalse();
        assertThat(equal(ValueKind.JSON, "{\"a\":1}", "{\"a\":1} trailing")).isFalse();
        assertThat(equal(ValueKind.JSON, "", "")).isTrue();
        assertThat(equal(ValueKind.JSON, "", " ")).isFalse();
    }

    private static boolean equal(ValueKind kind, Object source, Object target) {
        return ValueComparison.equal(kind, source, target);
    }
}
