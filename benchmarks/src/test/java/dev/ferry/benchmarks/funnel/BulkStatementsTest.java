package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BulkStatementsTest {
    @Test
    void insertsUpdatesThenDeletesAndReinsertsTheFirstHalf() {
        List<String> statements = BulkStatements.of("db", "bulk", 4001, 4000);
        assertThat(statements).hasSize(4 + 4 + 2 + 2);
        assertThat(statements.get(0))
                .isEqualTo(
                        "INSERT INTO db.bulk SELECT seq, 1, RPAD(MD5(seq), 120, '-'),"
                                + " RPAD(SHA1(seq), 60, '-') FROM db.seq_4001_to_5000");
        assertThat(statements.get(3)).endsWith("FROM db.seq_7001_to_8000");
        assertThat(statements.get(4))
                .isEqualTo(
                        "UPDATE db.bulk SET k = 2, c = REVERSE(c) WHERE id BETWEEN 4001 AND 5000");
        assertThat(statements.get(8))
                .isEqualTo("DELETE FROM db.bulk WHERE id BETWEEN 4001 AND 5000");
        assertThat(statements.get(9))
                .isEqualTo("DELETE FROM db.bulk WHERE id BETWEEN 5001 AND 6000");
        assertThat(statements.get(11))
                .startsWith("INSERT INTO db.bulk SELECT seq, 3,")
                .endsWith("FROM db.seq_5001_to_6000");
        assertThat(statements).noneMatch(s -> s.contains("${") || s.endsWith(";"));
    }

    @Test
    void rowsMustBeWholePairsOfStatements() {
        assertThatThrownBy(() -> BulkStatements.of("db", "bulk", 1, 3000))
                .hasMessageContaining("multiple of 2000");
    }
}
