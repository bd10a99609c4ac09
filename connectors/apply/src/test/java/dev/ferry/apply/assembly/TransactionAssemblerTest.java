package dev.ferry.apply.assembly;

import static dev.ferry.apply.assembly.Changes.ACCOUNTS;
import static dev.ferry.apply.assembly.Changes.SAVINGS;
import static dev.ferry.apply.assembly.Changes.end;
import static dev.ferry.apply.assembly.Changes.insert;
import static dev.ferry.apply.assembly.Changes.snapshotRow;
import static dev.ferry.apply.assembly.Changes.txId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.apply.progress.ApplyProgress;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransactionAssemblerTest {
    private static final TopicPartition A = new TopicPartition("ferry.bank.accounts", 0);
    private static final TopicPartition S = new TopicPartition("ferry.bank.savings", 0);
    private static final TopicPartition ENDS = new TopicPartition("ferry-transactions", 0);

    private static final TableId FOREIGN = TableId.of("other", "orders");

    @TempDir Path spill;

    private final ApplyProgress progress = new ApplyProgress(Map.of());
    private long offset;

    private TransactionAssembler assembler(Set<String> applied, long memoryLimit) {
        return assembler(applied, memoryLimit, Integer.MAX_VALUE);
    }

    private TransactionAssembler assembler(Set<String> applied, long memoryLimit, int endsAhead) {
        return new TransactionAssembler(
                progress,
                applied,
                t -> !t.equals(FOREIGN),
                memoryLimit,
                Long.MAX_VALUE,
                spill,
                endsAhead);
    }

    private UpstreamTransaction add(
            TransactionAssembler assembler, TopicPartition p, ChangeEvent e) {
        return assembler.addChange(e, p, offset++, 100);
    }

    private static List<String> drain(TransactionAssembler assembler) {
        List<String> released = new ArrayList<>();
        for (UpstreamTransaction tx = assembler.pollComplete();
                tx != null;
                tx = assembler.pollComplete()) {
            released.add(tx.id());
        }
        return released;
    }

    @Test
    void interleavedTransactionsAreReleasedWholeAndInCommitOrder() {
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE);
        // tx 100 touches both tables; tx 200 only savings. The savings partition runs ahead.
        add(assembler, S, insert(SAVINGS, 100, 2, 1, null));
        add(assembler, S, insert(SAVINGS, 200, 1, 2, null));
        assertThat(drain(assembler)).as("no END record yet").isEmpty();

        assembler.addEnd(end(100, 2), ENDS, offset++);
        assembler.addEnd(end(200, 1), ENDS, offset++);
        assertThat(drain(assembler))
                .as("200 is complete, but 100 is older and misses its accounts change")
                .isEmpty();

        add(assembler, A, insert(ACCOUNTS, 100, 1, 1, null));
        assertThat(drain(assembler)).containsExactly(txId(100), txId(200));
    }

    @Test
    void endBeforeChangesWaitsForTheCount() {
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE);
        assembler.addEnd(end(100, 2), ENDS, offset++);
        add(assembler, A, insert(ACCOUNTS, 100, 1, 1, null));
        assertThat(assembler.pollComplete()).isNull();
        add(assembler, A, insert(ACCOUNTS, 100, 2, 2, null));
        UpstreamTransaction tx = assembler.pollComplete();
        assertThat(tx.events()).hasSize(2);
        assertThat(tx.commitTimestampMs()).isEqualTo(1100);
    }

    @Test
    void emptyTransactionsAndDdlGapsDoNotBlock() {
        // A transaction with no captured change (or a DDL between transactions) leaves either no
        // record or an END with count 0; neither may hold back the next transaction.
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE);
        assembler.addEnd(end(100, 0), ENDS, offset++);
        add(assembler, A, insert(ACCOUNTS, 300, 1, 1, null));
        assembler.addEnd(end(300, 1), ENDS, offset++);
        assertThat(drain(assembler)).as("nothing to apply for 100").containsExactly(txId(300));
    }

    @Test
    void endRecordsCountOnlyTheTablesThisJobApplies() {
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE);
        // A shared transaction topic: a transaction of tables another pipeline applies, and one
        // touching ours and theirs.
        assembler.addEnd(
                new TransactionEnd(txId(50), "bin.000001", 50, 1, 3, Map.of(FOREIGN, 3L)),
                ENDS,
                offset++);
        add(assembler, A, insert(ACCOUNTS, 100, 1, 1, null));
        assembler.addEnd(
                new TransactionEnd(
                        txId(100), "bin.000001", 100, 1, 5, Map.of(ACCOUNTS, 1L, FOREIGN, 4L)),
                ENDS,
                offset++);
        assertThat(drain(assembler)).containsExactly(txId(100));
    }

    @Test
    void snapshotRowsPassStraightThrough() {
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE);
        UpstreamTransaction row = add(assembler, A, snapshotRow(ACCOUNTS, 7));
        assertThat(row).isNotNull();
        assertThat(row.isSnapshotRow()).isTrue();
        assertThat(row.isComplete()).isTrue();
        assertThat(assembler.openTransactions()).isZero();
    }

    @Test
    void transactionsAlreadyAppliedAreDroppedOnReplay() {
        TransactionAssembler assembler = assembler(Set.of(txId(100)), Long.MAX_VALUE);
        add(assembler, A, insert(ACCOUNTS, 100, 1, 1, null));
        assembler.addEnd(end(100, 1), ENDS, offset++);
        add(assembler, A, insert(ACCOUNTS, 200, 1, 2, null));
        assembler.addEnd(end(200, 1), ENDS, offset++);
        assertThat(drain(assembler)).containsExactly(txId(200));
    }

    @Test
    void largeTransactionSpillsAndReadsBackInOrder() {
        TransactionAssembler assembler = assembler(Set.of(), 1_000);
        for (int i = 1; i <= 50; i++) {
            add(assembler, A, insert(ACCOUNTS, 100, i, i, null));
        }
        assembler.addEnd(end(100, 50), ENDS, offset++);
        assertThat(assembler.memoryBytes()).isLessThanOrEqualTo(1_000);
        UpstreamTransaction tx = assembler.pollComplete();
        assertThat(tx.isSpilled()).isTrue();
        List<Object> ids = new ArrayList<>();
        try (SpillFile.Reader reader = tx.spill().read(7)) {
            for (List<ChangeEvent> chunk = reader.next(); !chunk.isEmpty(); chunk = reader.next()) {
                assertThat(chunk.size()).isLessThanOrEqualTo(7);
                chunk.forEach(e -> ids.add(((Number) e.after().get("id")).longValue()));
            }
        }
        assertThat(ids).hasSize(50).startsWith(1L, 2L).endsWith(50L);
        Path file = tx.spill().path();
        tx.release();
        assertThat(file).doesNotExist();
    }

    @Test
    void endsPastTheLimitWaitAndOpenInOrderOnceEarlierOnesAreReleased() {
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE, 2);
        long firstEnd = offset;
        for (long tx = 100; tx <= 400; tx += 100) {
            assembler.addEnd(end(tx, 1), ENDS, offset++);
        }
        assertThat(assembler.endsWaiting()).isEqualTo(2);
        assertThat(assembler.openTransactions()).isEqualTo(4);
        assertThat(progress.snapshot().restartOffsets().get(ENDS)).isEqualTo(firstEnd);

        add(assembler, A, insert(ACCOUNTS, 100, 1, 1, null));
        add(assembler, A, insert(ACCOUNTS, 200, 1, 2, null));
        assertThat(drain(assembler)).containsExactly(txId(100), txId(200));
        assertThat(assembler.endsWaiting()).as("released two: room for two").isZero();

        add(assembler, A, insert(ACCOUNTS, 300, 1, 3, null));
        add(assembler, A, insert(ACCOUNTS, 400, 1, 4, null));
        assertThat(drain(assembler)).containsExactly(txId(300), txId(400));
        assertThat(assembler.openTransactions()).isZero();
    }

    @Test
    void aWaitingEndWhoseChangesArrivedOpensWithoutRoom() {
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE, 1);
        assembler.addEnd(end(100, 1), ENDS, offset++);
        add(assembler, S, insert(SAVINGS, 200, 1, 2, null));
        add(assembler, S, insert(SAVINGS, 300, 1, 3, null));
        assembler.addEnd(end(200, 1), ENDS, offset++);
        assembler.addEnd(end(300, 1), ENDS, offset++);
        assertThat(assembler.endsWaiting())
                .as("200's changes are here, so its END opens, and 300's after it")
                .isZero();
        assembler.addEnd(end(400, 1), ENDS, offset++);
        assertThat(assembler.endsWaiting()).as("no change of 400 yet, no room").isEqualTo(1);

        add(assembler, A, insert(ACCOUNTS, 100, 1, 1, null));
        assertThat(drain(assembler)).containsExactly(txId(100), txId(200), txId(300));
        add(assembler, A, insert(ACCOUNTS, 400, 1, 4, null));
        assertThat(drain(assembler)).containsExactly(txId(400));
    }

    @Test
    void moreChangesThanTheEndCountIsAnError() {
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE);
        add(assembler, A, insert(ACCOUNTS, 100, 1, 1, null));
        add(assembler, A, insert(ACCOUNTS, 100, 2, 2, null));
        assembler.addEnd(end(100, 1), ENDS, offset++);
        assertThatThrownBy(assembler::pollComplete).hasMessageContaining("END record counts 1");
    }

    @Test
    void aDdlStatementOfAnAppliedTableIsReleasedInItsPlaceWithoutChanges() {
        TransactionAssembler assembler = assembler(Set.of(), Long.MAX_VALUE);
        add(assembler, A, insert(ACCOUNTS, 100, 1, 1, null));
        assembler.addEnd(end(100, 1), ENDS, offset++);
        assembler.addEnd(ddl("file=mysql-bin.000001,pos=150,ddl=0.0", ACCOUNTS), ENDS, offset++);
        assembler.addEnd(ddl("file=mysql-bin.000001,pos=160,ddl=0.0", FOREIGN), ENDS, offset++);
        assembler.addEnd(end(200, 1), ENDS, offset++);

        assertThat(drain(assembler))
                .as("the DDL of a table this job does not apply is not released")
                .containsExactly(txId(100), "file=mysql-bin.000001,pos=150,ddl=0.0");
        add(assembler, A, insert(ACCOUNTS, 200, 1, 2, null));
        assertThat(drain(assembler)).containsExactly(txId(200));
    }

    private static TransactionEnd ddl(String id, TableId table) {
        return TransactionEnd.ofSchemaChange(
                id,
                "mysql-bin.000001",
                150,
                1,
                new dev.ferry.envelope.SchemaChange(
                        dev.ferry.envelope.SchemaChange.Kind.TRUNCATE,
                        "TRUNCATE TABLE " + table.table(),
                        table,
                        null,
                        null));
    }
}
