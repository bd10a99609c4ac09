package dev.ferry.capture.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.TransactionInfo;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TransactionTrackerTest {
    private static final TableId A = TableId.of("db", "a");
    private static final TableId B = TableId.of("db", "b");

    private static Map<String, Object> offset(long transactionPos, long event) {
        return Map.of("file", "mysql-bin.000002", "pos", transactionPos, "event", event);
    }

    @Test
    void numbersChangesAndEndsWithTheirCountsPerTable() {
        TransactionTracker tracker = new TransactionTracker();

        TransactionInfo first = tracker.next(offset(700, 1), A, 1_000);
        TransactionInfo second = tracker.next(offset(700, 2), B, 1_000);
        TransactionInfo third = tracker.next(offset(700, 3), A, 2_000);
        TransactionEnd end = tracker.endAt(offset(700, 4)).orElseThrow();

        assertThat(first).isEqualTo(new TransactionInfo("file=mysql-bin.000002,pos=700", 1, 1));
        assertThat(second).isEqualTo(new TransactionInfo("file=mysql-bin.000002,pos=700", 2, 1));
        assertThat(third).isEqualTo(new TransactionInfo("file=mysql-bin.000002,pos=700", 3, 2));
        assertThat(end)
                .isEqualTo(
                        new TransactionEnd(
                                "file=mysql-bin.000002,pos=700",
                                "mysql-bin.000002",
                                700,
                                2_000,
                                3,
                                Map.of(A, 2L, B, 1L)));
        assertThat(tracker.endAt(offset(700, 4))).as("a second END of it").isEmpty();

        TransactionInfo next = tracker.next(offset(900, 1), B, 3_000);
        assertThat(next).isEqualTo(new TransactionInfo("file=mysql-bin.000002,pos=900", 1, 1));
        assertThat(tracker.endAt(offset(900, 2)).orElseThrow().eventCountByTable())
                .isEqualTo(Map.of(B, 1L));
        assertThat(tracker.takeUnended()).isEmpty();
    }

    @Test
    void aTransactionWithoutCapturedChangesHasNoEnd() {
        TransactionTracker tracker = new TransactionTracker();
        assertThat(tracker.endAt(offset(500, 3))).isEmpty();

        tracker.next(offset(700, 1), A, 1_000);
        tracker.endAt(offset(700, 2));
        assertThat(tracker.endAt(offset(800, 2))).as("END of another, empty one").isEmpty();
    }

    @Test
    void restoredStateGoesOnWithTheOrderAndDropsAReplayedEnd() {
        TransactionTracker before = new TransactionTracker();
        before.next(offset(700, 1), A, 1_000);
        before.next(offset(700, 2), B, 1_000);
        Map<String, String> checkpoint = before.writeTo(new HashMap<>(Map.of("file", "f")));

        TransactionTracker after = new TransactionTracker();
        after.restore(checkpoint);
        TransactionInfo third = after.next(offset(700, 3), A, 1_500);
        TransactionEnd end = after.endAt(offset(700, 4)).orElseThrow();

        assertThat(third.totalOrder()).isEqualTo(3);
        assertThat(third.dataCollectionOrder()).isEqualTo(2);
        assertThat(end.eventCount()).isEqualTo(3);
        assertThat(end.eventCountByTable()).isEqualTo(Map.of(A, 2L, B, 1L));

        TransactionTracker afterEnd = new TransactionTracker();
        afterEnd.restore(after.writeTo(new HashMap<>()));
        assertThat(afterEnd.endAt(offset(700, 4)))
                .as("the END Debezium dispatches again")
                .isEmpty();
    }

    @Test
    void writesOnlyTheCurrentTransactionsCounts() {
        TransactionTracker tracker = new TransactionTracker();
        tracker.next(offset(700, 1), A, 1_000);
        Map<String, String> offset = tracker.writeTo(new HashMap<>(Map.of("pos", "700")));
        tracker.next(offset(900, 1), B, 1_000);
        tracker.writeTo(offset);

        assertThat(offset)
                .containsEntry("pos", "700")
                .containsEntry("ferry.tx.count.db.b", "1")
                .doesNotContainKey("ferry.tx.count.db.a");
        TransactionTracker empty = new TransactionTracker();
        empty.restore(Map.of("pos", "700"));
        assertThat(empty.endAt(offset(700, 1))).isEmpty();
    }

    @Test
    void aTransactionFollowedByAnotherWithoutItsEndStillGetsOne() {
        TransactionTracker tracker = new TransactionTracker();
        tracker.next(offset(700, 1), A, 1_000);
        tracker.next(offset(900, 1), A, 2_000);

        TransactionEnd missed = tracker.takeUnended().orElseThrow();
        assertThat(missed.id()).isEqualTo("file=mysql-bin.000002,pos=700");
        assertThat(missed.eventCount()).isEqualTo(1);
        assertThat(tracker.takeUnended()).isEmpty();
    }
}
