package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ValueRendererTest {

    @Test
    void rendersNullNumbersAndStringsDistinctly() {
        assertThat(ValueRenderer.render(ValueKind.TEXT, null)).isEqualTo("NULL");
        assertThat(ValueRenderer.render(ValueKind.TEXT, "")).isEqualTo("''");
        assertThat(ValueRenderer.render(ValueKind.TEXT, "NULL")).isEqualTo("'NULL'");
        assertThat(ValueRenderer.render(ValueKind.EXACT_NUMBER, new BigDecimal("1.50")))
                .isEqualTo("1.50");
        assertThat(ValueRenderer.render(ValueKind.EXACT_NUMBER, new BigDecimal("1E+3")))
                .isEqualTo("1000");
        assertThat(ValueRenderer.render(ValueKind.TEMPORAL, "2024-01-01 00:00:00.000001"))
                .isEqualTo("'2024-01-01 00:00:00.000001'");
        assertThat(ValueRenderer.render(ValueKind.JSON, "{\"a\": 1}")).isEqualTo("{\"a\": 1}");
    }

    @Test
    void keepsValuesOnOneLine() {
        assertThat(ValueRenderer.render(ValueKind.TEXT, "a\nb\t'c'\\"))
                .isEqualTo("'a\\nb\\t\\'c\\'\\\\'");
    }

    @Test
    void cutsLongTextWithoutSplittingAnEmoji() {
        String rocket = "\ud83d\ude80";
        String value = "x".repeat(ValueRenderer.MAX_CHARS - 1) + rocket + "tail";

        String rendered = ValueRenderer.render(ValueKind.TEXT, value);

        assertThat(rendered)
                .isEqualTo(
                        "'" + "x".repeat(ValueRenderer.MAX_CHARS - 1) + rocket + "…' (44 chars)");
    }

    @Test
    void rendersBytesAsHexAndCutsLongOnes() {
        assertThat(ValueRenderer.render(ValueKind.BYTES, new byte[] {0, (byte) 0xab}))
                .isEqualTo("0x00ab");
        assertThat(ValueRenderer.render(ValueKind.BYTES, new byte[100]))
                .isEqualTo("0x" + "00".repeat(ValueRenderer.MAX_BYTES) + "… (100 bytes)");
    }
}
