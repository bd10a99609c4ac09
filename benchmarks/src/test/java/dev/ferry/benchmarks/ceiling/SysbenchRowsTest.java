package dev.ferry.benchmarks.ceiling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SysbenchRowsTest {
    private static final Pattern ROW =
            Pattern.compile(
                    "\\((\\d+),(\\d+),'((?:\\d{11}-){9}\\d{11})','((?:\\d{11}-){4}\\d{11})'\\)");

    @Test
    void aRowHasSysbenchsShapeAndSizes() {
        StringBuilder sql = new StringBuilder();

        SysbenchRows.appendRow(sql, 42, 1000);

        Matcher row = ROW.matcher(sql);
        assertThat(row.matches()).as(sql.toString()).isTrue();
        assertThat(row.group(1)).isEqualTo("42");
        assertThat(Long.parseLong(row.group(2))).isBetween(1L, 1000L);
        assertThat(row.group(3)).hasSize(119); // sysbench's c template, CHAR(120)
        assertThat(row.group(4)).hasSize(59); // its pad template, CHAR(60)
    }

    @Test
    void valuesDifferFromRowToRow() {
        StringBuilder first = new StringBuilder();
        StringBuilder second = new StringBuilder();

        SysbenchRows.appendRow(first, 1, 10);
        SysbenchRows.appendRow(second, 1, 10);

        assertThat(first.toString()).isNotEqualTo(second.toString());
    }
}
