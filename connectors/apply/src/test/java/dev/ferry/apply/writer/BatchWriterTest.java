package dev.ferry.apply.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BatchWriterTest {

    private static List<Integer> pieces(int rows) {
        List<Integer> pieces = new ArrayList<>();
        for (int left = rows; left > 0; ) {
            int n = BatchWriter.statementRows(left);
            pieces.add(n);
            left -= n;
        }
        return pieces;
    }

    @Test
    void chunksOfAnySizeUseAFewStatementShapes() {
        Set<Integer> shapes = new HashSet<>();
        for (int rows = 1; rows <= 2000; rows++) {
            List<Integer> pieces = pieces(rows);
            assertThat(pieces.stream().mapToInt(Integer::intValue).sum()).isEqualTo(rows);
            for (int i = 0; i < pieces.size() - 1; i++) {
                assertThat(Integer.bitCount(pieces.get(i))).isEqualTo(1);
                assertThat(pieces.get(i)).isGreaterThanOrEqualTo(BatchWriter.MIN_CACHED_ROWS);
            }
            pieces.stream().filter(n -> n >= BatchWriter.MIN_CACHED_ROWS).forEach(shapes::add);
        }
        assertThat(shapes).containsExactlyInAnyOrder(32, 64, 128, 256, 512, 1024);
    }

    @Test
    void aChunkTakesFewStatements() {
        assertThat(pieces(2000)).containsExactly(1024, 512, 256, 128, 64, 16);
        assertThat(pieces(500)).containsExactly(256, 128, 64, 32, 20);
        assertThat(pieces(31)).containsExactly(31);
        assertThat(pieces(32)).containsExactly(32);
    }
}
