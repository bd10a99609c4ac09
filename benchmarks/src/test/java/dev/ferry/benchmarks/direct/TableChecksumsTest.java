package dev.ferry.benchmarks.direct;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TableChecksumsTest {
    private static TableChecksums.Checksum sum(long rows, long crc) {
        return new TableChecksums.Checksum(rows, crc);
    }

    @Test
    void equalTablesShowNoDifference() {
        Map<String, TableChecksums.Checksum> up = Map.of("a", sum(3, 42), "b", sum(0, 0));
        assertThat(TableChecksums.differences(up, Map.of("a", sum(3, 42), "b", sum(0, 0))))
                .isEmpty();
    }

    @Test
    void aMissingRowAnAlteredRowAndAMissingTableAreEachNamed() {
        Map<String, TableChecksums.Checksum> up =
                Map.of("a", sum(3, 42), "b", sum(5, 7), "c", sum(1, 9));
        Map<String, TableChecksums.Checksum> down = Map.of("a", sum(2, 40), "b", sum(5, 8));
        assertThat(TableChecksums.differences(up, down))
                .containsExactly(
                        "a: upstream 3 rows (CRC32 sum 42), downstream 2 rows (CRC32 sum 40)",
                        "b: upstream 5 rows (CRC32 sum 7), downstream 5 rows (CRC32 sum 8)",
                        "c: upstream 1 rows (CRC32 sum 9), downstream 0 rows (CRC32 sum 0)");
    }
}
