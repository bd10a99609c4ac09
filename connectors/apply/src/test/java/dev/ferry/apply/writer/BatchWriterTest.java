package dev.ferry.apply.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BatchWriterTest {

    private static List<Integer> pieces(int rows, int columns) {
        List<Integer> pieces = new ArrayList<>();
        for (int left = rows; left > 0; ) {
            int n = BatchWriter.statementRows(left, columns);
            pieces.add(n);
            left -= n;
        }
        return pieces;
    }

    @Test
    void chunksOfAnySizeUseAFewStatementShapes() {
        Set<Integer> shapes = new HashSet<>();
        for (int rows = 1; rows <= 2000; rows++) {
            List<Integer> pieces = pieces(rows, 4);
            assertThat(pieces.stream().mapToInt(Integer::intValue).sum()).isEqualTo(rows);
            for (int i = 0; i < pieces.size() - 1; i++) {
                assertThat(Integer.bitCount(pieces.get(i))).isEqualTo(1);
                assertThat(pieces.get(i)).isGreaterThanOrEqualTo(BatchWriter.MIN_CACHED_ROWS);
            }
            pieces.stream().filter(n -> n >= BatchWriter.MIN_CACHED_ROWS).forEach(shapes::add);
        }
        assertThat(shapes).containsExactlyInAnyOrder(32, 64, BatchWriter.MAX_STATEMENT_ROWS);
    }

    @Test
    void aChunkTakesFewStatements() {
        assertThat(BatchWriter.MAX_STATEMENT_ROWS).isEqualTo(128);
        List<Integer> full = new ArrayList<>(Collections.nCopies(15, 128));
        full.addAll(List.of(64, 16));
        assertThat(pieces(2000, 4)).isEqualTo(full);
        assertThat(pieces(500, 4)).containsExactly(128, 128, 128, 64, 32, 20);
        assertThat(pieces(31, 4)).containsExactly(31);
        assertThat(pieces(32, 4)).containsExactly(32);
    }

    @Test
    void wideRowsStayWithinTheProtocolsPlaceholderCount() {
        for (int columns : new int[] {1, 300, 1000, 2500, 4096}) {
            List<Integer> pieces = pieces(2000, columns);
            assertThat(pieces.stream().mapToInt(Integer::intValue).sum()).isEqualTo(2000);
            for (int rows : pieces) {
                assertThat((long) rows * columns)
                        .as("%d rows of %d columns", rows, columns)
                        .isLessThanOrEqualTo(BatchWriter.MAX_PLACEHOLDERS);
            }
        }
        assertThat(pieces(200, 1000)).containsExactly(64, 64, 64, 8);
    }
}
