package dev.ferry.apply.assembly;

import static dev.ferry.apply.assembly.Changes.ACCOUNTS;
import static dev.ferry.apply.assembly.Changes.snapshotRow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.apply.progress.ApplyProgress;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class SnapshotRowsTest {
    private static final TopicPartition A = new TopicPartition("a", 0);
    private static final TopicPartition B = new TopicPartition("b", 0);

    private final ApplyProgress progress = new ApplyProgress(Map.of());
    private final SnapshotRows rows = new SnapshotRows(progress, 3);

    @Test
    void rowsGoOutInUnitsOfAtMostMaxRowsInTheOrderRead() {
        assertThat(rows.add(snapshotRow(ACCOUNTS, 1), A, 0, 10)).isNull();
        assertThat(rows.add(snapshotRow(ACCOUNTS, 2), B, 0, 10)).isNull();
        UpstreamTransaction full = rows.add(snapshotRow(ACCOUNTS, 3), A, 1, 10);

        assertThat(full).isNotNull();
        assertThat(full.isSnapshotRow()).isTrue();
        assertThat(full.eventCount()).isEqualTo(3);
        assertThat(full.bytes()).isEqualTo(30);
        assertThat(full.events()).extracting(e -> e.after().get("id")).containsExactly(1L, 2L, 3L);
        assertThat(rows.isEmpty()).isTrue();
        assertThat(rows.take()).isNull();
    }

    @Test
    void aRestartReadsAgainFromTheOldestRowOfAnUnappliedUnit() {
        rows.add(snapshotRow(ACCOUNTS, 1), A, 0, 10);
        rows.add(snapshotRow(ACCOUNTS, 2), B, 7, 10);
        UpstreamTransaction first = rows.add(snapshotRow(ACCOUNTS, 3), A, 1, 10);
        rows.add(snapshotRow(ACCOUNTS, 4), A, 2, 10);
        UpstreamTransaction second = rows.take();

        assertThat(progress.snapshot().restartOffsets()).containsEntry(A, 0L).containsEntry(B, 7L);

        progress.committed(List.of(second)); // out of order: the first is still pending
        assertThat(progress.snapshot().restartOffsets()).containsEntry(A, 0L);

        progress.committed(List.of(first));
        assertThat(progress.snapshot().restartOffsets()).containsEntry(A, 3L).containsEntry(B, 8L);
    }

    @Test
    void aTimerTakesTheRowsOnlyOnceNoneCameSinceItsLastLook() {
        rows.add(snapshotRow(ACCOUNTS, 1), A, 0, 10);
        assertThat(rows.takeIfIdle()).as("a row came since the last look").isNull();

        UpstreamTransaction rest = rows.takeIfIdle();
        assertThat(rest).isNotNull();
        assertThat(rest.eventCount()).isEqualTo(1);
        assertThat(rows.takeIfIdle()).isNull();
    }
}
