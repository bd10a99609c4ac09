package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class ChartDataTest {

    private static ChartData parse(String tsv) throws IOException {
        return ChartData.parseTsv(new StringReader(tsv));
    }

    @Test
    void readsCategoriesAndOneSeriesPerColumn() throws IOException {
        ChartData data = parse("workers\tferry\tstock\n4\t10.5\t20\n16\t30\t\n");

        assertThat(data.xName()).isEqualTo("workers");
        assertThat(data.categories()).containsExactly("4", "16");
        assertThat(data.series())
                .extracting(ChartData.Series::name)
                .containsExactly("ferry", "stock");
        assertThat(data.series().get(0).values()).containsExactly(10.5, 30);
        assertThat(data.series().get(1).values()[0]).isEqualTo(20);
        assertThat(data.series().get(1).values()[1]).isNaN();
        assertThat(data.maxValue()).isEqualTo(30);
    }

    @Test
    void aCellThatIsNotANumberIsNamedByLineAndColumn() {
        assertThatThrownBy(() -> parse("x\tMB/s\n2\t12\n4\tfast\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 3")
                .hasMessageContaining("'MB/s'")
                .hasMessageContaining("'fast' is not a number");
    }

    @Test
    void aRowWithTheWrongNumberOfCellsIsRefused() {
        assertThatThrownBy(() -> parse("x\ta\tb\n1\t2\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 2: 2 tab-separated cells, but the header has 3");
    }

    @Test
    void aHeaderWithoutSeriesOrATableWithoutRowsIsRefused() {
        assertThatThrownBy(() -> parse("")).hasMessageContaining("the table is empty");
        assertThatThrownBy(() -> parse("x y z\n1 2 3\n"))
                .hasMessageContaining("header has one column");
        assertThatThrownBy(() -> parse("x\ty\n")).hasMessageContaining("no data rows");
    }
}
