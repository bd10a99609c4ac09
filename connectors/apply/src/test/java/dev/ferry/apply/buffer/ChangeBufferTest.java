package dev.ferry.apply.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChangeBufferTest {
    private static final TableId T = TableId.of("db", "t");
    private static final ChangeEvent.Metadata META =
            new ChangeEvent.Metadata(new SourcePosition("f", 1, 0, 1, 0, false), null, 0);

    private static Map<String, Object> row(long id, String v) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("v", v);
        return row;
    }

    private final ChangeBuffer buffer = new ChangeBuffer();

    private List<RowChange> drain() {
        Map<TableId, Collection<RowChange>> drained = buffer.drain();
        return drained.isEmpty() ? List.of() : new ArrayList<>(drained.get(T));
    }

    @Test
    void insertThenDeleteEndsDeleted() {
        buffer.add(ChangeEvent.insert(T, row(1, "a"), List.of("id"), META));
        buffer.add(ChangeEvent.delete(T, row(1, "a"), List.of("id"), META));

        List<RowChange> changes = drain();

        assertThat(changes).hasSize(1);
        assertThat(changes.get(0).kind()).isEqualTo(RowChange.Kind.DELETE);
        assertThat(changes.get(0).key()).containsExactly(1L);
    }

    @Test
    void manyUpdatesOfOneRowWriteItsLastImageOnce() {
        buffer.add(ChangeEvent.insert(T, row(1, "a"), List.of("id"), META));
        buffer.add(ChangeEvent.update(T, row(1, "a"), row(1, "b"), List.of("id"), META));
        buffer.add(ChangeEvent.update(T, row(1, "b"), row(1, "c"), List.of("id"), META));

        List<RowChange> changes = drain();

        assertThat(changes)
                .singleElement()
                .satisfies(
                        change -> {
                            assertThat(change.kind()).isEqualTo(RowChange.Kind.UPSERT);
                            assertThat(change.row()).containsEntry("v", "c");
                        });
        assertThat(buffer.isEmpty()).isTrue();
    }

    @Test
    void primaryKeyUpdateDeletesTheOldRowAndWritesTheNew() {
        buffer.add(ChangeEvent.update(T, row(1, "a"), row(2, "a"), List.of("id"), META));

        List<RowChange> changes = drain();

        assertThat(changes)
                .extracting(RowChange::kind)
                .containsExactly(RowChange.Kind.DELETE, RowChange.Kind.UPSERT);
        assertThat(changes).extracting(RowChange::key).containsExactly(List.of(1L), List.of(2L));
    }

    @Test
    void deleteThenReinsertEndsPresent() {
        buffer.add(ChangeEvent.delete(T, row(1, "a"), List.of("id"), META));
        buffer.add(ChangeEvent.insert(T, row(1, "z"), List.of("id"), META));

        assertThat(drain())
                .singleElement()
                .satisfies(
                        change -> {
                            assertThat(change.kind()).isEqualTo(RowChange.Kind.UPSERT);
                            assertThat(change.row()).containsEntry("v", "z");
                        });
    }

    @Test
    void rowsKeepTheOrderOfTheirLatestChange() {
        buffer.add(ChangeEvent.insert(T, row(1, "a"), List.of("id"), META));
        buffer.add(ChangeEvent.insert(T, row(2, "b"), List.of("id"), META));
        buffer.add(ChangeEvent.update(T, row(1, "a"), row(1, "c"), List.of("id"), META));

        assertThat(drain()).extracting(RowChange::key).containsExactly(List.of(2L), List.of(1L));
    }

    @Test
    void countsEventsBeforeReduction() {
        buffer.add(ChangeEvent.insert(T, row(1, "a"), List.of("id"), META));
        buffer.add(ChangeEvent.update(T, row(1, "a"), row(1, "b"), List.of("id"), META));

        assertThat(buffer.eventCount()).isEqualTo(2);
    }

    @Test
    void countsBytesUntilDrained() {
        buffer.add(ChangeEvent.insert(T, row(1, "a"), List.of("id"), META), 300);
        buffer.add(ChangeEvent.update(T, row(1, "a"), row(1, "b"), List.of("id"), META), 500);

        assertThat(buffer.byteCount()).isEqualTo(800);
        buffer.drain();
        assertThat(buffer.byteCount()).isZero();
    }
}
