package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SchemaRulesTest {

    @Test
    void mapsSqlTypesToComparisonRules() {
        assertThat(ValueKind.of("bigint")).isEqualTo(ValueKind.EXACT_NUMBER);
        assertThat(ValueKind.of("DECIMAL")).isEqualTo(ValueKind.EXACT_NUMBER);
        assertThat(ValueKind.of("float")).isEqualTo(ValueKind.FLOAT);
        assertThat(ValueKind.of("double")).isEqualTo(ValueKind.DOUBLE);
        assertThat(ValueKind.of("longtext")).isEqualTo(ValueKind.TEXT);
        assertThat(ValueKind.of("enum")).isEqualTo(ValueKind.TEXT);
        assertThat(ValueKind.of("varbinary")).isEqualTo(ValueKind.BYTES);
        assertThat(ValueKind.of("blob")).isEqualTo(ValueKind.BYTES);
        assertThat(ValueKind.of("timestamp")).isEqualTo(ValueKind.TEMPORAL);
        assertThat(ValueKind.of("date")).isEqualTo(ValueKind.TEMPORAL);
        assertThat(ValueKind.of("json")).isEqualTo(ValueKind.JSON);
    }

    @Test
    void onlyTemporalColumnsAreCastToText() {
        assertThat(ComparedColumn.selectExpression("t", "datetime")).isEqualTo("CAST(`t` AS CHAR)");
        assertThat(ComparedColumn.selectExpression("t", "varchar")).isEqualTo("`t`");
    }

    @Test
    void findsMariaDbJsonColumnsInCheckClauses() {
        assertThat(MariaDbJsonColumns.fromCheckClause("json_valid(`Doc`)")).containsExactly("doc");
        assertThat(MariaDbJsonColumns.fromCheckClause("JSON_VALID(payload) and `a` > 0"))
                .containsExactly("payload");
        assertThat(MariaDbJsonColumns.fromCheckClause("`qty` > 0")).isEmpty();
        assertThat(MariaDbJsonColumns.fromCheckClause(null)).isEmpty();
    }

    @Test
    void keyEqualityIgnoresDecimalScaleAndComparesBytesByContent() {
        assertThat(new RowKey(new java.math.BigDecimal("7")))
                .isEqualTo(new RowKey(new java.math.BigDecimal("7.00")))
                .hasSameHashCodeAs(new RowKey(new java.math.BigDecimal("7.00")));
        assertThat(new RowKey(new java.math.BigDecimal("0")))
                .isEqualTo(new RowKey(new java.math.BigDecimal("0.0")));
        assertThat(new RowKey((Object) new byte[] {1, 2}))
                .isEqualTo(new RowKey((Object) new byte[] {1, 2}));
        assertThat(new RowKey("a", 1)).isNotEqualTo(new RowKey("A", 1));
    }

    @Test
    void loadsSqlResourcesWithoutTheirComments() {
        assertThat(SqlResources.KEY_COLUMNS)
                .startsWith("SELECT INDEX_NAME")
                .contains("NON_UNIQUE = 0")
                .doesNotContain("--");
        assertThat(SqlResources.BASE_TABLES).contains("TABLE_TYPE = 'BASE TABLE'");
    }

    @Test
    void configRejectsNonsense() {
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> ComparisonConfig.defaults().withChunkSize(0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
