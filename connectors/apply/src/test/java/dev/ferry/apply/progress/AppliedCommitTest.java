package dev.ferry.apply.progress;

import static dev.ferry.apply.assembly.Changes.ACCOUNTS;
import static dev.ferry.apply.assembly.Changes.SAVINGS;
import static dev.ferry.apply.assembly.Changes.end;
import static dev.ferry.apply.assembly.Changes.insert;
import static dev.ferry.apply.assembly.Changes.snapshotRow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.apply.assembly.Changes;
import dev.ferry.apply.assembly.TransactionAssembler;
import dev.ferry.apply.assembly.UpstreamTransaction;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class AppliedCommitTest {
    private static final TopicPartition A = new TopicPartition("a", 0);
    private static final TopicPartition B = new TopicPartition("b", 0);
    private static final TopicPartition ENDS = new TopicPartition("tx", 0);

    private final TransactionAssembler assembler = Changes.assembler(new ApplyProgress(Map.of()));

    @Test
    void oneRecordListsTheBatchsTransactionsAndTheirLastOffsetPerPartition() {
        assembler.addChange(insert(ACCOUNTS, 100, 1, 1, null), A, 3, 10);
        assembler.addChange(insert(SAVINGS, 100, 2, 1, null), B, 7, 10);
        assembler.addChange(insert(ACCOUNTS, 200, 1, 2, null), A, 4, 10);
        assembler.addEnd(end(100, 2), ENDS, 0);
        assembler.addEnd(end(200, 1), ENDS, 1);
        UpstreamTransaction first = assembler.pollComplete();
        UpstreamTransaction second = assembler.pollComplete();

        AppliedCommit commit = AppliedCommit.of(List.of(first, second));

        assertThat(commit.key()).isEqualTo(first.id());
        assertThat(commit.transactionIds()).containsExactly(first.id(), second.id());
        assertThat(commit.lastOffsets())
                .containsExactlyInAnyOrderEntriesOf(Map.of(A, 4L, B, 7L, ENDS, 1L));
    }

    @Test
    void equalPartitionsOfDifferentInstancesCountAsOne() {
        TopicPartition sameAsA = new TopicPartition("a", 0);
        assembler.addChange(insert(ACCOUNTS, 100, 1, 1, null), A, 8, 10);
        assembler.addChange(insert(ACCOUNTS, 200, 1, 2, null), sameAsA, 9, 10);
        assembler.addEnd(end(100, 1), ENDS, 0);
        assembler.addEnd(end(200, 1), ENDS, 1);
        UpstreamTransaction first = assembler.pollComplete();
        UpstreamTransaction second = assembler.pollComplete();

        assertThat(AppliedCommit.of(List.of(first, second)).lastOffsets())
                .containsExactlyInAnyOrderEntriesOf(Map.of(A, 9L, ENDS, 1L));
    }

    @Test
    void snapshotRowsAreNotRecorded() {
        UpstreamTransaction row = assembler.addChange(snapshotRow(ACCOUNTS, 1), A, 0, 10);
        assembler.addChange(insert(ACCOUNTS, 100, 1, 2, null), A, 1, 10);
        assembler.addEnd(end(100, 1), ENDS, 0);
        UpstreamTransaction tx = assembler.pollComplete();

        assertThat(AppliedCommit.of(List.of(row))).as("snapshot rows only").isNull();
        AppliedCommit mixed = AppliedCommit.of(List.of(row, tx));
        assertThat(mixed.transactionIds()).containsExactly(tx.id());
        assertThat(mixed.lastOffsets()).containsExactlyInAnyOrderEntriesOf(Map.of(A, 1L, ENDS, 0L));
    }

    @Test
    void forgettingACommitForgetsAllItsTransactions() {
        ApplyProgress progress =
                new ApplyProgress(
                        Map.of(A, 9L),
                        List.of(
                                new AppliedCommit("t1", List.of("t1", "t2"), Map.of(A, 5L)),
                                new AppliedCommit("t3", List.of("t3"), Map.of(A, 9L))));
        assertThat(progress.appliedIds()).containsExactlyInAnyOrder("t1", "t2", "t3");

        ApplyProgress.Snapshot snapshot = progress.snapshot();
        assertThat(snapshot.unreachable())
                .as("t3's last record is at the restart offset: a restart reads it again")
                .containsExactly("t1");
        progress.forget(snapshot.unreachable());
        assertThat(progress.appliedIds()).containsExactly("t3");
    }
}
