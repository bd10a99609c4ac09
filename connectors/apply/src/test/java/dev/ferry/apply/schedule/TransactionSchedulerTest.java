package dev.ferry.apply.schedule;

import static dev.ferry.apply.assembly.Changes.ACCOUNTS;
import static dev.ferry.apply.assembly.Changes.end;
import static dev.ferry.apply.assembly.Changes.insert;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.apply.assembly.Changes;
import dev.ferry.apply.assembly.TransactionAssembler;
import dev.ferry.apply.assembly.UpstreamTransaction;
import dev.ferry.apply.conflict.ConflictKeys;
import dev.ferry.apply.progress.ApplyProgress;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class TransactionSchedulerTest {
    private static final TopicPartition A = new TopicPartition("a", 0);
    private final TransactionAssembler assembler = Changes.assembler(new ApplyProgress(Map.of()));
    private long offset;

    private UpstreamTransaction tx(long pos, long rowId) {
        assembler.addChange(insert(ACCOUNTS, pos, 1, rowId, null), A, offset++, 10);
        assembler.addEnd(end(pos, 1), new TopicPartition("tx", 0), offset++);
        return assembler.pollComplete();
    }

    /**
     * Records each batch's transactions by position; the first batch waits at the gate, so the test
     * can submit more while the only worker is busy.
     */
    private static final class GatedApplier implements TransactionScheduler.Applier {
        final List<List<Long>> commits = new CopyOnWriteArrayList<>();
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch gate = new CountDownLatch(1);

        @Override
        public void apply(List<UpstreamTransaction> batch) throws Exception {
            entered.countDown();
            gate.await();
            commits.add(batch.stream().map(tx -> tx.position().position()).toList());
        }

        @Override
        public void close() {}
    }

    /** A scheduler with a memory budget far above what a test holds. */
    private static TransactionScheduler scheduler(
            int workers, TransactionScheduler.Applier applier, int batchRows) {
        return new TransactionScheduler(
                workers, () -> applier, (batch, nanos) -> {}, batchRows, 1 << 20, 1 << 20);
    }

    /** Submits a transaction of one insert of row {@code rowId}. */
    private UpstreamTransaction submit(TransactionScheduler scheduler, long pos, long rowId)
            throws Exception {
        UpstreamTransaction tx = tx(pos, rowId);
        scheduler.submit(tx, keys(tx), false);
        return tx;
    }

    private static ConflictKeys.KeySet keys(UpstreamTransaction tx) {
        ConflictKeys.KeySet set = new ConflictKeys.KeySet();
        new ConflictKeys(t -> List.of()).collect(tx.events().get(0), set);
        return set;
    }

    @Test
    void readyTransactionsAreCommittedTogetherAndConflictsWait() throws Exception {
        GatedApplier applier = new GatedApplier();
        try (TransactionScheduler scheduler = scheduler(1, applier, 100)) {
            UpstreamTransaction t1 = tx(100, 1);
            assertThat(scheduler.submit(t1, keys(t1), false)).isFalse();
            applier.entered.await(); // the only worker holds t1 alone
            UpstreamTransaction t2 = tx(200, 2);
            UpstreamTransaction t3 = tx(300, 1); // same row as t1
            UpstreamTransaction t4 = tx(400, 4);
            assertThat(scheduler.submit(t2, keys(t2), false)).isFalse();
            assertThat(scheduler.submit(t3, keys(t3), false)).as("waits for t1").isTrue();
            assertThat(scheduler.submit(t4, keys(t4), false)).isFalse();
            applier.gate.countDown();
            scheduler.awaitIdle();
        }
        assertThat(applier.commits)
                .as("t2, t3 and t4 were gathered while t1 committed, in upstream order")
                .containsExactly(List.of(100L), List.of(200L, 300L, 400L));
    }

    @Test
    void aBatchChainedToOneStillCommittingWaitsForIt() throws Exception {
        List<List<Long>> commits = new CopyOnWriteArrayList<>();
        AtomicInteger entered = new AtomicInteger();
        CountDownLatch firstEntered = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        TransactionScheduler.Applier applier =
                new TransactionScheduler.Applier() {
                    @Override
                    public void apply(List<UpstreamTransaction> batch) throws Exception {
                        entered.incrementAndGet();
                        firstEntered.countDown();
                        gate.await();
                        commits.add(batch.stream().map(tx -> tx.position().position()).toList());
                    }

                    @Override
                    public void close() {}
                };
        try (TransactionScheduler scheduler = scheduler(2, applier, 100)) {
            submit(scheduler, 100, 1);
            firstEntered.await(); // one worker holds t1
            submit(scheduler, 200, 1); // same row as t1
            submit(scheduler, 300, 3);
            Thread.sleep(300); // the other worker gathers t2 and t3
            assertThat(entered.get())
                    .as("the batch holding t2 does not start before t1's batch committed")
                    .isEqualTo(1);
            gate.countDown();
            scheduler.awaitIdle();
        }
        assertThat(commits).containsExactly(List.of(100L), List.of(200L, 300L));
    }

    @Test
    void aBatchIsSizedInTheRowsItWritesAfterFolding() throws Exception {
        GatedApplier applier = new GatedApplier();
        try (TransactionScheduler scheduler = scheduler(1, applier, 3)) {
            submit(scheduler, 100, 9);
            applier.entered.await(); // the only worker holds t1 alone
            for (int i = 2; i <= 6; i++) {
                submit(scheduler, i * 100L, 2); // five changes of one row
            }
            for (int i = 7; i <= 9; i++) {
                submit(scheduler, i * 100L, i);
            }
            applier.gate.countDown();
            scheduler.awaitIdle();
        }
        assertThat(applier.commits)
                .as("batches of at most 3 rows: row 2 (five transactions), rows 7 and 8; then 9")
                .containsExactly(
                        List.of(100L),
                        List.of(200L, 300L, 400L, 500L, 600L, 700L, 800L),
                        List.of(900L));
    }

    /** Repeated: the failed batch's cause raced the refusal of the batch that followed it. */
    @RepeatedTest(10)
    void aBatchFollowingOneThatFailedIsNotCommittedAndTheFirstCauseIsReported() throws Exception {
        List<Long> applied = new CopyOnWriteArrayList<>();
        CountDownLatch firstEntered = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        TransactionScheduler.Applier applier =
                new TransactionScheduler.Applier() {
                    @Override
                    public void apply(List<UpstreamTransaction> batch) throws Exception {
                        if (batch.get(0).position().position() == 100L) {
                            firstEntered.countDown();
                            gate.await();
                            throw new SQLException(
                                    "Data truncation: Data too long for column 'kafka_offsets'");
                        }
                        batch.forEach(tx -> applied.add(tx.position().position()));
                    }

                    @Override
                    public void close() {}
                };
        try (TransactionScheduler scheduler = scheduler(2, applier, 100)) {
            submit(scheduler, 100, 1);
            firstEntered.await();
            submit(scheduler, 200, 1); // chained to t1
            Thread.sleep(100); // the other worker gathers t2 and waits for t1's batch
            gate.countDown();
            assertThatThrownBy(scheduler::awaitIdle)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("Data too long");
            Thread.sleep(200);
        }
        assertThat(applied).as("t2 must not be applied without t1 before it").isEmpty();
    }

    @Test
    void aTransactionConflictingOnlyWithTheBatchBeingGatheredJoinsItInOrder() throws Exception {
        GatedApplier applier = new GatedApplier();
        try (TransactionScheduler scheduler = scheduler(1, applier, 100)) {
            UpstreamTransaction t1 = tx(100, 9);
            scheduler.submit(t1, keys(t1), false);
            applier.entered.await(); // the only worker holds t1 alone
            UpstreamTransaction t2 = tx(200, 2);
            UpstreamTransaction t3 = tx(300, 2); // same row as t2
            UpstreamTransaction t4 = tx(400, 2); // and again
            UpstreamTransaction t5 = tx(500, 5);
            assertThat(scheduler.submit(t2, keys(t2), false)).isFalse();
            assertThat(scheduler.submit(t3, keys(t3), false)).as("waits for t2").isTrue();
            assertThat(scheduler.submit(t4, keys(t4), false)).as("waits for t3").isTrue();
            assertThat(scheduler.submit(t5, keys(t5), false)).isFalse();
            applier.gate.countDown();
            scheduler.awaitIdle();
        }
        assertThat(applier.commits)
                .as("t3 and t4 waited only for the batch that took t2: they joined it, after t2")
                .containsExactly(List.of(100L), List.of(200L, 300L, 400L, 500L));
    }

    @Test
    void theListenerIsToldHowLongEachDownstreamCommitTook() throws Exception {
        List<Long> applyNanos = new CopyOnWriteArrayList<>();
        TransactionScheduler.Applier slow =
                new TransactionScheduler.Applier() {
                    @Override
                    public void apply(List<UpstreamTransaction> batch) throws Exception {
                        Thread.sleep(30);
                    }

                    @Override
                    public void close() {}
                };
        try (TransactionScheduler scheduler =
                new TransactionScheduler(
                        1,
                        () -> slow,
                        (batch, nanos) -> applyNanos.add(nanos),
                        100,
                        1 << 20,
                        1 << 20)) {
            UpstreamTransaction t1 = tx(100, 1);
            scheduler.submit(t1, keys(t1), false);
            scheduler.awaitIdle();
        }
        assertThat(applyNanos).hasSize(1);
        assertThat(applyNanos.get(0)).isGreaterThanOrEqualTo(30_000_000L);
    }

    @Test
    void aWorkerFailureStopsTheScheduler() throws Exception {
        TransactionScheduler.Applier failing =
                new TransactionScheduler.Applier() {
                    @Override
                    public void apply(List<UpstreamTransaction> batch) {
                        throw new IllegalStateException("downstream refused");
                    }

                    @Override
                    public void close() {}
                };
        try (TransactionScheduler scheduler = scheduler(2, failing, 100)) {
            UpstreamTransaction t1 = tx(100, 1);
            scheduler.submit(t1, keys(t1), false);
            assertThatThrownBy(scheduler::awaitIdle).hasMessageContaining("downstream refused");
        }
    }

    @Test
    void submitWaitsOnceTwoBatchesAreInFlightWhateverTheWorkers() throws Exception {
        GatedApplier applier = new GatedApplier();
        int batchRows = 600;
        int bound = TransactionScheduler.maxInFlightRows(batchRows);
        try (TransactionScheduler scheduler =
                new TransactionScheduler(
                        4, () -> applier, (batch, nanos) -> {}, batchRows, 1 << 30, 1L << 40)) {
            for (int i = 1; i <= bound; i++) {
                UpstreamTransaction tx = tx(i * 100L, i);
                scheduler.submit(tx, keys(tx), false);
            }
            CountDownLatch submitted =
                    submitInBackground(scheduler, List.of(tx((bound + 1) * 100L, bound + 1)));
            assertThat(submitted.await(300, TimeUnit.MILLISECONDS))
                    .as("%d transactions in flight, none committed: the next one waits", bound)
                    .isFalse();
            applier.gate.countDown();
            assertThat(submitted.await(10, TimeUnit.SECONDS)).as("commits free room").isTrue();
            scheduler.awaitIdle();
        }
        assertThat(bound).as("two batches, not two per worker").isEqualTo(1200);
        assertThat(applier.commits.stream().mapToInt(List::size).sum()).isEqualTo(bound + 1);
    }

    @Test
    void theInFlightBoundCountsRowsNotChanges() throws Exception {
        GatedApplier applier = new GatedApplier();
        int batchRows = 600;
        int hot = 3 * TransactionScheduler.maxInFlightRows(batchRows);
        try (TransactionScheduler scheduler =
                new TransactionScheduler(
                        2, () -> applier, (batch, nanos) -> {}, batchRows, 1 << 30, 1L << 40)) {
            List<UpstreamTransaction> sameRow = new ArrayList<>();
            for (int i = 1; i <= hot; i++) {
                sameRow.add(tx(i * 100L, 7));
            }
            CountDownLatch submitted = submitInBackground(scheduler, sameRow);
            assertThat(submitted.await(10, TimeUnit.SECONDS))
                    .as("%d changes of one row are one row in flight, none committed", hot)
                    .isTrue();
            applier.gate.countDown();
            scheduler.awaitIdle();
        }
        assertThat(applier.commits)
                .as("at most one batch held at the gate, the next gathering the rest meanwhile")
                .hasSizeLessThanOrEqualTo(2);
        assertThat(applier.commits.stream().mapToInt(List::size).sum()).isEqualTo(hot);
    }

    /** Submits the transactions on a thread of their own; the latch opens once all are in. */
    private static CountDownLatch submitInBackground(
            TransactionScheduler scheduler, List<UpstreamTransaction> transactions) {
        CountDownLatch submitted = new CountDownLatch(1);
        Thread submitter =
                new Thread(
                        () -> {
                            try {
                                for (UpstreamTransaction tx : transactions) {
                                    scheduler.submit(tx, keys(tx), false);
                                }
                                submitted.countDown();
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
        submitter.start();
        return submitted;
    }
}
