package dev.ferry.apply.progress;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * The restart offsets last saved downstream, so that a save writes only the partitions that moved.
 * The apply saves its progress every second: with a topic per table, rewriting every partition's
 * offset each time cost the apply and the downstream CPU in proportion to the tables, even with
 * nothing to apply. Used by the one thread that saves.
 */
public final class SavedOffsets {
    private final Map<TopicPartition, Long> saved;

    /**
     * @param saved the offsets the progress table holds at start
     */
    public SavedOffsets(Map<TopicPartition, Long> saved) {
        this.saved = new HashMap<>(saved);
    }

    /** The progress to save: the partitions whose restart offset differs from the saved one. */
    public ApplyProgress.Snapshot changes(ApplyProgress.Snapshot progress) {
        Map<TopicPartition, Long> moved = new HashMap<>();
        progress.restartOffsets()
                .forEach(
                        (partition, offset) -> {
                            if (!offset.equals(saved.get(partition))) {
                                moved.put(partition, offset);
                            }
                        });
        return new ApplyProgress.Snapshot(moved, progress.unreachable());
    }

    /** Whether saving {@code changes} would write nothing. */
    public static boolean isEmpty(ApplyProgress.Snapshot changes) {
        return changes.restartOffsets().isEmpty() && changes.unreachable().isEmpty();
    }

    /** {@code changes} were committed downstream. */
    public void saved(ApplyProgress.Snapshot changes) {
        saved.putAll(changes.restartOffsets());
    }
}
