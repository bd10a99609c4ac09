package dev.ferry.benchmarks.tables;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ManyTablesSqlTest {
    private final ManyTablesSql sql = new ManyTablesSql("db", 3);

    @Test
    void countsEveryTableInOneStatement() {
        assertThat(sql.count())
                .isEqualTo(
                        "SELECT SUM(c) FROM (SELECT COUNT(*) c FROM db.sbtest1 UNION ALL SELECT"
                                + " COUNT(*) c FROM db.sbtest2 UNION ALL SELECT COUNT(*) c FROM"
                                + " db.sbtest3) AS counts");
    }

    @Test
    void checksumsEveryRowOfEveryTable() {
        assertThat(sql.checksum())
                .startsWith(
                        "SELECT COUNT(*), SUM(s) FROM (SELECT CRC32(CONCAT_WS('#',id,k,c,pad)) s"
                                + " FROM db.sbtest1 UNION ALL ")
                .contains("FROM db.sbtest3) AS sums")
                .doesNotContain("sbtest4");
    }

    @Test
    void theFirstRowIsLookedForInTheFirstTable() {
        assertThat(sql.firstRow()).isEqualTo("SELECT 1 FROM db.sbtest1 LIMIT 1");
    }
}
