package dev.ferry.apply.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class SavedOffsetsTest {
    private static final TopicPartition A = new TopicPartition("ferry.db.a", 0);
    private static final TopicPartition B = new TopicPartition("ferry.db.b", 0);

    @Test
    void onlyPartitionsThatMovedAreWrittenAgain() {
        SavedOffsets saved = new SavedOffsets(Map.of(A, 10L, B, 20L));

        ApplyProgress.Snapshot changes =
                saved.changes(new ApplyProgress.Snapshot(Map.of(A, 10L, B, 25L), List.of()));

        assertThat(changes.restartOffsets()).isEqualTo(Map.of(B, 25L));
        assertThat(SavedOffsets.isEmpty(changes)).isFalse();
    }

    @Test
    void nothingMovedAndNothingToPruneSavesNothing() {
        SavedOffsets saved = new SavedOffsets(Map.of(A, 10L));
        ApplyProgress.Snapshot first =
                saved.changes(new ApplyProgress.Snapshot(Map.of(A, 12L, B, 1L), List.of()));
        saved.saved(first);

        ApplyProgress.Snapshot idle =
                saved.changes(new ApplyProgress.Snapshot(Map.of(A, 12L, B, 1L), List.of()));

        assertThat(SavedOffsets.isEmpty(idle)).isTrue();
    }

    @Test
    void recordsToPruneAreSavedEvenWhenNoOffsetMoved() {
        SavedOffsets saved = new SavedOffsets(Map.of(A, 10L));

        ApplyProgress.Snapshot changes =
                saved.changes(new ApplyProgress.Snapshot(Map.of(A, 10L), List.of("tx-1")));

        assertThat(SavedOffsets.isEmpty(changes)).isFalse();
        assertThat(changes.unreachable()).containsExactly("tx-1");
    }

    @Test
    void aFailedSaveIsWrittenAgainNextTime() {
        SavedOffsets saved = new SavedOffsets(Map.of(A, 10L));
        saved.changes(new ApplyProgress.Snapshot(Map.of(A, 11L), List.of())); // not saved

        assertThat(
                        saved.changes(new ApplyProgress.Snapshot(Map.of(A, 11L), List.of()))
                                .restartOffsets())
                .isEqualTo(Map.of(A, 11L));
    }
}
