package dev.ferry.benchmarks.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StockScriptTest {
    /** The real script the stock pipeline runs (tests run in the benchmarks module). */
    private static final Path FOUR_TABLES = Path.of("sql/stock-snapshot.sql");

    @Test
    void repeatsTheFirstSinkAndInsertForEveryTable() throws IOException {
        String script = StockScript.read(FOUR_TABLES).forTables(6);

        assertThat(script).containsOnlyOnce("CREATE TABLE src (");
        assertThat(count(script, "CREATE TABLE dst")).isEqualTo(6);
        assertThat(count(script, "INSERT INTO dst")).isEqualTo(6);
        assertThat(script)
                .contains("CREATE TABLE dst6 (")
                .contains("'table-name' = 'sbtest6'")
                .contains(
                        "INSERT INTO dst6 SELECT id, k, c, pad FROM src WHERE table_name = 'sbtest6';")
                .doesNotContain("dst7")
                // the sinks keep the placeholders: hosts, users and passwords come from the run
                .contains("${downstream_password:-ferry_apply}")
                .contains("${downstream_host:-127.0.0.1}");
        assertThat(script.indexOf("CREATE TABLE dst6"))
                .isLessThan(script.indexOf("INSERT INTO dst1"));
    }

    @Test
    void oneTableKeepsOnlyItsOwnSink() throws IOException {
        String script = StockScript.read(FOUR_TABLES).forTables(1);
        assertThat(count(script, "CREATE TABLE dst")).isEqualTo(1);
        assertThat(script).doesNotContain("sbtest2");
    }

    @Test
    void aScriptWithoutTheFirstSinkIsNamed() {
        assertThatThrownBy(() -> StockScript.of("CREATE TABLE src (id INT);\n"))
                .hasMessageContaining("benchmarks/sql/stock-snapshot.sql");
    }

    private static int count(String text, String what) {
        return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
    }
}
