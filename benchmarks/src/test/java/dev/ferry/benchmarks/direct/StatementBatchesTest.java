package dev.ferry.benchmarks.direct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatementBatchesTest {
    private static final TableId T1 = TableId.of("db", "t1");
    private static final TableId T2 = TableId.of("db", "t2");
    private static final List<String> COLUMNS = List.of("id", "v");

    private static SnapshotRow row(TableId table, int id) {
        return new SnapshotRow(table, COLUMNS, new Object[] {id, "v" + id});
    }

    @Test
    void aTablesBatchIsHandedOutWhenFullWithItsRowsInReadOrder() {
        StatementBatches batches = new StatementBatches(3);
        assertThat(batches.add(row(T1, 1))).isNull();
        assertThat(batches.add(row(T2, 1))).isNull();
        assertThat(batches.add(row(T1, 2))).isNull();
        StatementBatches.Batch full = batches.add(row(T1, 3));
        assertThat(full).isNotNull();
        assertThat(full.table()).isEqualTo(T1);
        assertThat(full.columns()).isEqualTo(COLUMNS);
        assertThat(full.rows()).extracting(values -> values[0]).containsExactly(1, 2, 3);
        // the next row of that table opens a new batch
        assertThat(batches.add(row(T1, 4))).isNull();
    }

    @Test
    void drainHandsOutEveryPartialBatchOnceAndEveryRowEndsUpInExactlyOneBatch() {
        StatementBatches batches = new StatementBatches(4);
        List<StatementBatches.Batch> out = new ArrayList<>();
        for (int id = 1; id <= 10; id++) {
            StatementBatches.Batch b = batches.add(row(id % 3 == 0 ? T2 : T1, id));
            if (b != null) {
                out.add(b);
            }
        }
        out.addAll(batches.drain());
        assertThat(batches.drain()).isEmpty();
        assertThat(out.stream().mapToInt(b -> b.rows().size()).sum()).isEqualTo(10);
        assertThat(out).allSatisfy(b -> assertThat(b.rows()).hasSizeBetween(1, 4));
        List<Integer> ids =
                out.stream()
                        .flatMap(b -> b.rows().stream())
                        .map(values -> (Integer) values[0])
                        .sorted(Comparator.naturalOrder())
                        .toList();
        assertThat(ids).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    }

    @Test
    void aTableWhoseColumnsChangeMidSnapshotIsRefused() {
        StatementBatches batches = new StatementBatches(10);
        batches.add(row(T1, 1));
        assertThatThrownBy(
                        () ->
                                batches.add(
                                        new SnapshotRow(
                                                T1, List.of("id", "v", "w"), new Object[3])))
                .hasMessageContaining("columns of db.t1 changed")
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void rowsPerStatementMustBePositive() {
        assertThatThrownBy(() -> new StatementBatches(0)).hasMessageContaining("at least 1, got 0");
    }
}
