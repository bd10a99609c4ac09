package dev.ferry.capture.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.capture.source.CaptureRecord;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.TransactionInfo;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The shard DDL coordinator's state machine, fed records as the capture source emits them. */
class ShardDdlCoordinatorTest {
    private static final TableId TARGET = TableId.of("m", "t");
    private static final TableId A = TableId.of("s_1", "t");
    private static final TableId B = TableId.of("s_2", "t");
    private static final TableId OTHER = TableId.of("x", "other");
    private static final String ADD_C = "ALTER TABLE `s_1`.`t` ADD COLUMN c INT";

    private final List<CaptureRecord> out = new ArrayList<>();
    private int position;

    private ShardDdlCoordinator coordinator(int maxHeld) {
        ShardDdlCoordinator coordinator = new ShardDdlCoordinator(maxHeld);
        coordinator.addTarget(TARGET, definition("id", "k"), Set.of(A, B));
        return coordinator;
    }

    @Test
    void passesEverythingOnWhileNoDdlIsPending() {
        ShardDdlCoordinator coordinator = coordinator(10);
        List<CaptureRecord> records = transaction(A, B, OTHER);

        records.forEach(r -> coordinator.process(r, out::add));

        assertThat(out).containsExactlyElementsOf(records);
    }

    @Test
    void holdsAShardThatRanTheDdlUntilEveryShardHasAndAppliesItOnce() {
        ShardDdlCoordinator coordinator = coordinator(10);
        feed(coordinator, transaction(A));
        feed(coordinator, List.of(alter(A, ADD_C)));
        List<CaptureRecord> afterA = transaction(A);
        List<CaptureRecord> bFlows = transaction(B);
        feed(coordinator, afterA);
        feed(coordinator, bFlows);

        assertThat(coordinator.pending()).isTrue();
        assertThat(coordinator.describePending())
                .contains("m.t: 'ALTER TABLE ADD COLUMN c INT' run by [s_1.t], not yet by [s_2.t]")
                .contains("(1 changes held)");
        assertThat(out.subList(out.size() - bFlows.size(), out.size()))
                .as("the shard without the DDL flows; the one with it waits")
                .containsExactlyElementsOf(bFlows);

        out.clear();
        CaptureRecord.ShardSchemaChange last = alter(B, "alter table t  ADD COLUMN c INT;");
        feed(coordinator, List.of(last));

        assertThat(out).hasSize(2 + afterA.size());
        assertThat(((CaptureRecord.End) out.get(0)).end()).isEqualTo(last.end());
        assertThat(out.get(1))
                .isEqualTo(new CaptureRecord.Definition(TARGET, definition("id", "k", "c")));
        assertThat(out.subList(2, out.size()))
                .as("the held changes, in order, after the DDL")
                .containsExactlyElementsOf(afterA);
        assertThat(coordinator.pending()).isFalse();
        assertThat(coordinator.waits()).isFalse();
    }

    @Test
    void aTransactionTouchingAWaitingShardWaitsWholeAndItsOtherTablesWaitFromThenOn() {
        ShardDdlCoordinator coordinator = coordinator(10);
        feed(coordinator, List.of(alter(A, ADD_C)));
        List<CaptureRecord> crossing = transaction(B, A, OTHER);
        List<CaptureRecord> bLater = transaction(B);
        List<CaptureRecord> otherLater = transaction(OTHER);
        feed(coordinator, crossing);
        feed(coordinator, bLater);
        feed(coordinator, otherLater);

        assertThat(out).as("B and the other table wait behind the transaction with A").isEmpty();

        feed(coordinator, List.of(alter(B, ADD_C)));

        List<CaptureRecord> expected = new ArrayList<>();
        expected.addAll(crossing);
        expected.addAll(bLater);
        expected.addAll(otherLater);
        assertThat(out.subList(2, out.size())).containsExactlyElementsOf(expected);
    }

    @Test
    void shardsThatRunDifferentStatementsStopNamingBoth() {
        ShardDdlCoordinator coordinator = coordinator(10);
        feed(coordinator, List.of(alter(A, ADD_C)));

        assertThatThrownBy(
                        () ->
                                feed(
                                        coordinator,
                                        List.of(alter(B, "ALTER TABLE s_2.t ADD COLUMN c BIGINT"))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Shards of m.t ran different DDL")
                .hasMessageContaining("s_1.t ran 'ALTER TABLE ADD COLUMN c INT'")
                .hasMessageContaining("s_2.t ran 'ALTER TABLE ADD COLUMN c BIGINT'")
                .hasMessageContaining("nothing is lost");
    }

    @Test
    void equalStatementsWithDifferentDefinitionsStopToo() {
        ShardDdlCoordinator coordinator = coordinator(10);
        feed(coordinator, List.of(alter(A, ADD_C)));
        CaptureRecord.ShardSchemaChange other =
                shardChange(B, SchemaChange.Kind.ALTER, ADD_C, definition("id", "k", "d"));

        assertThatThrownBy(() -> feed(coordinator, List.of(other)))
                .hasMessageContaining("column 3: c int in m.t, d int in m.t");
    }

    @Test
    void aRestoredCoordinatorGoesOnAsIfNeverStopped() throws Exception {
        List<CaptureRecord> before = new ArrayList<>(List.of(alter(A, ADD_C)));
        before.addAll(transaction(A, B));
        before.addAll(transaction(B));
        List<CaptureRecord> openTransaction = transaction(A);
        before.addAll(openTransaction.subList(0, 1)); // the checkpoint falls inside it
        List<CaptureRecord> after = new ArrayList<>(openTransaction.subList(1, 2));
        after.add(alter(B, ADD_C));
        after.addAll(transaction(A, B));

        ShardDdlCoordinator straight = coordinator(10);
        List<CaptureRecord> expected = new ArrayList<>();
        before.forEach(r -> straight.process(r, expected::add));
        after.forEach(r -> straight.process(r, expected::add));

        ShardDdlCoordinator first = coordinator(10);
        before.forEach(r -> first.process(r, out::add));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream stream = new ObjectOutputStream(bytes)) {
            stream.writeObject(first);
        }
        ShardDdlCoordinator restored =
                ShardDdlFunction.restored(
                        List.of(bytes.toByteArray(), serialized(coordinator(10))), coordinator(10));
        after.forEach(r -> restored.process(r, out::add));

        // restored events are equal copies, not the same objects
        assertThat(out).usingRecursiveFieldByFieldElementComparator().isEqualTo(expected);
        // two shard DDL statements in; the target's END and definition out
        assertThat(out).hasSize(before.size() + after.size());
    }

    @Test
    void aRestoredRoundAlsoWaitsForAShardThisStartKnowsOf() throws Exception {
        ShardDdlCoordinator first = coordinator(10);
        feed(first, List.of(alter(A, ADD_C)));
        ShardDdlCoordinator now = coordinator(10);
        TableId c = TableId.of("s_3", "t");
        now.addTarget(TARGET, definition("id", "k"), Set.of(A, B, c));

        ShardDdlCoordinator restored = ShardDdlFunction.restored(List.of(serialized(first)), now);
        feed(restored, List.of(alter(B, ADD_C)));

        assertThat(out).isEmpty();
        assertThat(restored.describePending()).contains("not yet by [s_3.t]");
    }

    @Test
    void stopsWhenMoreChangesWaitThanAllowedNamingTheShardsWithoutTheDdl() {
        ShardDdlCoordinator coordinator = coordinator(2);
        feed(coordinator, List.of(alter(A, ADD_C)));
        feed(coordinator, transaction(A, A));

        assertThatThrownBy(() -> feed(coordinator, transaction(A)))
                .hasMessageContaining("More than 2 changes wait")
                .hasMessageContaining("not yet by [s_2.t]")
                .hasMessageContaining("route.ddl.max-held-changes");
    }

    @Test
    void aShardsNextDdlWaitsForTheRoundBeforeIt() {
        ShardDdlCoordinator coordinator = coordinator(10);
        String addD = "ALTER TABLE t ADD COLUMN d INT";
        feed(coordinator, List.of(alter(A, ADD_C)));
        feed(
                coordinator,
                List.of(
                        shardChange(
                                A,
                                SchemaChange.Kind.ALTER,
                                addD,
                                definition("id", "k", "c", "d"))));
        List<CaptureRecord> aWithD = transaction(A);
        feed(coordinator, aWithD);
        feed(coordinator, List.of(alter(B, ADD_C)));

        assertThat(out).hasSize(2).as("c applied; d and A's changes wait for B");
        assertThat(coordinator.describePending()).contains("'ALTER TABLE ADD COLUMN d INT'");

        feed(
                coordinator,
                List.of(
                        shardChange(
                                B,
                                SchemaChange.Kind.ALTER,
                                addD,
                                definition("id", "k", "c", "d"))));

        assertThat(out).hasSize(4 + aWithD.size());
        assertThat(out.subList(4, out.size())).containsExactlyElementsOf(aWithD);
    }

    @Test
    void aNewShardJoinsAndARoundWaitsForIt() {
        ShardDdlCoordinator coordinator = coordinator(10);
        TableId c = TableId.of("s_3", "t");
        feed(
                coordinator,
                List.of(
                        shardChange(
                                c,
                                SchemaChange.Kind.CREATE,
                                "CREATE TABLE t LIKE s_1.t",
                                definition("id", "k"))));
        feed(coordinator, List.of(alter(A, ADD_C), alter(B, ADD_C)));

        assertThat(out).isEmpty();
        assertThat(coordinator.describePending()).contains("not yet by [s_3.t]");
        assertThatThrownBy(
                        () ->
                                feed(
                                        coordinator,
                                        List.of(
                                                shardChange(
                                                        TableId.of("s_4", "t"),
                                                        SchemaChange.Kind.CREATE,
                                                        "CREATE TABLE t (id INT)",
                                                        definition("id")))))
                .hasMessageContaining("New shard s_4.t of m.t differs from the merged table");
    }

    @Test
    void aRowReadBeforeADropColumnAndLetGoAfterItLosesTheColumn() {
        ShardDdlCoordinator coordinator = coordinator(10);
        String drop = "ALTER TABLE t DROP COLUMN k";
        feed(coordinator, List.of(shardChange(A, SchemaChange.Kind.ALTER, drop, definition("id"))));
        feed(coordinator, transaction(A, B)); // B's row still has k
        feed(coordinator, List.of(shardChange(B, SchemaChange.Kind.ALTER, drop, definition("id"))));

        CaptureRecord.Change bRow = (CaptureRecord.Change) out.get(3);
        assertThat(bRow.shard()).isEqualTo(B);
        assertThat(bRow.event().after()).containsOnlyKeys("id");
    }

    private void feed(ShardDdlCoordinator coordinator, List<CaptureRecord> records) {
        records.forEach(r -> coordinator.process(r, out::add));
    }

    private static byte[] serialized(ShardDdlCoordinator coordinator) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream stream = new ObjectOutputStream(bytes)) {
            stream.writeObject(coordinator);
        }
        return bytes.toByteArray();
    }

    /** One upstream transaction: a change per table, then its END. */
    private List<CaptureRecord> transaction(TableId... tables) {
        String id = "file=b.1,pos=" + (++position * 100);
        List<CaptureRecord> records = new ArrayList<>();
        Map<TableId, Long> counts = new LinkedHashMap<>();
        int order = 0;
        for (TableId table : tables) {
            TableId target = table.equals(OTHER) ? OTHER : TARGET;
            long tableOrder = counts.merge(target, 1L, Long::sum);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", position);
            row.put("k", order);
            records.add(
                    new CaptureRecord.Change(
                            ChangeEvent.insert(
                                    target,
                                    row,
                                    List.of("id"),
                                    new ChangeEvent.Metadata(
                                            new SourcePosition(
                                                    "b.1", position * 100L, order, 1, 0, false),
                                            new TransactionInfo(id, ++order, tableOrder),
                                            0)),
                            table));
        }
        records.add(
                new CaptureRecord.End(
                        new TransactionEnd(id, "b.1", position * 100L, 0, order, counts)));
        return records;
    }

    private CaptureRecord.ShardSchemaChange alter(TableId shard, String ddl) {
        return shardChange(shard, SchemaChange.Kind.ALTER, ddl, definition("id", "k", "c"));
    }

    private CaptureRecord.ShardSchemaChange shardChange(
            TableId shard, SchemaChange.Kind kind, String ddl, TableSchema definition) {
        position++;
        return new CaptureRecord.ShardSchemaChange(
                shard,
                TransactionEnd.ofSchemaChange(
                        "file=b.1,pos=" + position * 100 + ",ddl=0.0",
                        "b.1",
                        position * 100L,
                        0,
                        new SchemaChange(kind, ddl, TARGET, null, definition)));
    }

    private static TableSchema definition(String... columns) {
        List<ColumnSchema> schema = new ArrayList<>();
        for (String column : columns) {
            schema.add(new ColumnSchema(column, "int", "int", false, false, null, null, null));
        }
        return new TableSchema(
                "m",
                "t",
                "ferry.m.t",
                schema,
                List.of(
                        new IndexSchema(
                                "PRIMARY",
                                true,
                                true,
                                List.of(new IndexSchema.IndexColumn("id", null)))));
    }
}
