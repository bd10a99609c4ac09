package dev.ferry.apply.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rows whose unique-key values move within a flush are deleted before any row is written. */
class ChangeBufferUniqueKeyTest {
    private static final TableId T = TableId.of("db", "t");
    private static final ChangeEvent.Metadata META =
            new ChangeEvent.Metadata(new SourcePosition("f", 1, 0, 1, 0, false), null, 0);
    private static final List<String> ID = List.of("id");

    private static Map<String, Object> row(long id, String code, String note) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("code", code);
        row.put("note", note);
        return row;
    }

    private final ChangeBuffer buffer =
            new ChangeBuffer(table -> table.equals(T) ? List.of(List.of("code")) : List.of());

    private List<RowChange> drain() {
        return new ArrayList<>(buffer.drain().getOrDefault(T, List.of()));
    }

    private void update(Map<String, Object> before, Map<String, Object> after) {
        buffer.add(ChangeEvent.update(T, before, after, ID, META));
    }

    @Test
    void swapThroughATemporaryValueReplacesBothRows() {
        update(row(1, "x", "a"), row(1, "tmp", "a"));
        update(row(2, "y", "b"), row(2, "x", "b"));
        update(row(1, "tmp", "a"), row(1, "y", "a"));

        List<RowChange> changes = drain();

        assertThat(changes)
                .extracting(RowChange::kind)
                .containsOnly(RowChange.Kind.REPLACE)
                .hasSize(2);
        assertThat(changes)
                .extracting(change -> change.row().get("code"))
                .containsExactlyInAnyOrder("y", "x");
        assertThat(changes).allSatisfy(change -> assertThat(change.kind().deletes()).isTrue());
    }

    @Test
    void aLaterChangeOfOtherColumnsKeepsTheReplace() {
        update(row(1, "x", "a"), row(1, "z", "a"));
        update(row(1, "z", "a"), row(1, "z", "b"));

        assertThat(drain())
                .singleElement()
                .satisfies(
                        change -> {
                            assertThat(change.kind()).isEqualTo(RowChange.Kind.REPLACE);
                            assertThat(change.row()).containsEntry("note", "b");
                        });
    }

    @Test
    void deleteThenInsertOfOneKeyReplaces() {
        buffer.add(ChangeEvent.delete(T, row(1, "x", "a"), ID, META));
        buffer.add(ChangeEvent.insert(T, row(1, "y", "a"), ID, META));

        assertThat(drain()).extracting(RowChange::kind).containsExactly(RowChange.Kind.REPLACE);
    }

    @Test
    void anUpdateThatKeepsTheUniqueValuesIsAnUpsert() {
        update(row(1, "x", "a"), row(1, "x", "b"));
        buffer.add(ChangeEvent.insert(T, row(2, "y", "c"), ID, META));

        assertThat(drain())
                .extracting(RowChange::kind)
                .containsExactly(RowChange.Kind.UPSERT, RowChange.Kind.UPSERT);
    }

    @Test
    void aTableWithoutUniqueKeysNeverReplaces() {
        TableId other = TableId.of("db", "plain");
        buffer.add(ChangeEvent.update(other, row(1, "x", "a"), row(1, "y", "a"), ID, META));
        buffer.add(ChangeEvent.delete(other, row(2, "x", "a"), ID, META));
        buffer.add(ChangeEvent.insert(other, row(2, "x", "a"), ID, META));

        assertThat(buffer.drain().get(other))
                .extracting(RowChange::kind)
                .containsExactly(RowChange.Kind.UPSERT, RowChange.Kind.UPSERT);
    }
}
