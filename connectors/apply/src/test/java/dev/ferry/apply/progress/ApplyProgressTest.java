package dev.ferry.apply.progress;

import static dev.ferry.apply.assembly.Changes.ACCOUNTS;
import static dev.ferry.apply.assembly.Changes.end;
import static dev.ferry.apply.assembly.Changes.insert;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.apply.assembly.Changes;
import dev.ferry.apply.assembly.TransactionAssembler;
import dev.ferry.apply.assembly.UpstreamTransaction;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class ApplyProgressTest {
    private static final TopicPartition A = new TopicPartition("a", 0);
    private static final TopicPartition ENDS = new TopicPartition("tx", 0);

    private final ApplyProgress progress = new ApplyProgress(Map.of(A, 5L));
    private final TransactionAssembler assembler = Changes.assembler(progress);

    @Test
    void restartOffsetStaysAtTheOldestUnappliedRecord() {
        assembler.addChange(insert(ACCOUNTS, 100, 1, 1, null), A, 5, 10);
        assembler.addChange(insert(ACCOUNTS, 200, 1, 2, null), A, 6, 10);
        assembler.addEnd(end(100, 1), ENDS, 0);
        assembler.addEnd(end(200, 1), ENDS, 1);
        UpstreamTransaction first = assembler.pollComplete();
        UpstreamTransaction second = assembler.pollComplete();

        ApplyProgress.Snapshot pending = progress.snapshot();
        assertThat(pending.restartOffsets()).containsEntry(A, 5L).containsEntry(ENDS, 0L);
        assertThat(pending.unreachable()).isEmpty();

        progress.committed(List.of(second)); // out of order: the older one is still pending
        assertThat(progress.snapshot().restartOffsets()).containsEntry(A, 5L);

        progress.committed(List.of(first));
        ApplyProgress.Snapshot done = progress.snapshot();
        assertThat(done.restartOffsets()).containsEntry(A, 7L).containsEntry(ENDS, 2L);
        assertThat(done.unreachable())
                .as("both are behind the restart offsets")
                .containsExactlyInAnyOrder(first.id(), second.id());
    }

    @Test
    void restoredOffsetsAreKeptUntilSomethingIsRead() {
        assertThat(progress.snapshot().restartOffsets()).containsEntry(A, 5L);
    }
}
