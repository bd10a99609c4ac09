package dev.ferry.capture.route;

import dev.ferry.capture.source.CaptureRecord;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Applies a DDL statement to a merged table once every shard has run it, as TiDB DM's pessimistic
 * shard DDL mode does. The first shard that runs an ALTER opens a round for its target: from then
 * on, its changes wait here (and so does any transaction touching a waiting table, with every table
 * it touches, so that no table's changes overtake each other), while the other shards flow. Each
 * shard's statement, its table name aside, must equal the first's. When the last shard runs it, the
 * target gets the statement once, with its new definition, and the waiting records go through again
 * in their binlog order.
 *
 * <p>Plain Java and {@link Serializable}: {@link ShardDdlFunction} keeps the whole state in Flink's
 * checkpoints, beside the binlog position of the source, so a restart neither loses nor repeats a
 * waiting change. Records arrive in binlog order: a transaction's changes, then its END; a DDL
 * statement after the END of the transaction before it.
 */
public final class ShardDdlCoordinator implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int maxHeldChanges;

    /** Each merged target's shards and its definition as the downstream has it now. */
    private final Map<TableId, Target> targets = new LinkedHashMap<>();

    /** The targets with a DDL run by some of their shards only. */
    private final Map<TableId, Round> rounds = new LinkedHashMap<>();

    /** Source tables whose records wait: shards that ran a pending DDL, and tables beside them. */
    private final Set<TableId> heldTables = new HashSet<>();

    /** Waiting records, in binlog order. */
    private final List<CaptureRecord> held = new ArrayList<>();

    private long heldChanges;

    /** The changes of the transaction under way, while a round is open: its END decides. */
    private final List<CaptureRecord.Change> open = new ArrayList<>();

    /** Whether the last DDL END of a table written to itself waits (its definitions follow it). */
    private boolean schemaChangeHeld;

    /**
     * Targets whose DDL has reached the downstream while records read before it may still wait:
     * those records' rows are cut to the target's columns when they go.
     */
    private final Map<TableId, Set<String>> columnsAfterRound = new LinkedHashMap<>();

    /** How deep waiting records are being let go (0 between records, so at every checkpoint). */
    private int releasing;

    /**
     * @param maxHeldChanges how many changes may wait before the capture stops
     */
    public ShardDdlCoordinator(int maxHeldChanges) {
        this.maxHeldChanges = maxHeldChanges;
    }

    /** Registers a merged target, its shards as the capture starts, and its definition. */
    public void addTarget(TableId target, TableSchema definition, Set<TableId> shards) {
        targets.put(target, new Target(definition, new LinkedHashSet<>(shards)));
    }

    /**
     * Adds the targets and shards of a coordinator built from this start's options and tables to a
     * restored one: a route added since the checkpoint, or a shard the upstream has now, is known
     * before its first DDL (a pending round then waits for such a shard too).
     */
    public void addTargetsOf(ShardDdlCoordinator current) {
        current.targets.forEach(
                (target, known) -> {
                    Target restored = targets.get(target);
                    if (restored == null) {
                        addTarget(target, known.definition, known.shards);
                    } else {
                        restored.shards.addAll(known.shards);
                    }
                });
    }

    /** Passes {@code record} on to {@code out}, holds it back, or applies a shard DDL. */
    public void process(CaptureRecord record, Consumer<CaptureRecord> out) {
        if (record instanceof CaptureRecord.ShardSchemaChange shardChange) {
            shardSchemaChange(shardChange, out);
        } else if (rounds.isEmpty() && held.isEmpty() && open.isEmpty() && releasing == 0) {
            columnsAfterRound.clear();
            out.accept(record);
        } else if (record instanceof CaptureRecord.Change change) {
            if (change.event().transaction() == null) {
                out.accept(change); // a snapshot row: before any DDL the binlog phase reads
            } else {
                open.add(change);
            }
        } else if (record instanceof CaptureRecord.End end && end.end().schemaChange() == null) {
            transactionEnd(end, out);
        } else if (record instanceof CaptureRecord.End end) {
            SchemaChange change = end.end().schemaChange();
            schemaChangeHeld =
                    heldTables.contains(change.table())
                            || (change.previousTable() != null
                                    && heldTables.contains(change.previousTable()));
            pass(record, schemaChangeHeld, out);
        } else {
            pass(record, schemaChangeHeld, out);
        }
    }

    /** Whether a target waits for some of its shards to run a DDL statement. */
    public boolean pending() {
        return !rounds.isEmpty();
    }

    /**
     * The pending shard DDL, one line per target: which shards ran which statement, which have not
     * run it yet, and how many changes wait; empty when none is pending.
     */
    public String describePending() {
        return rounds.entrySet().stream()
                        .map(
                                entry ->
                                        entry.getKey()
                                                + ": '"
                                                + entry.getValue().statement
                                                + "' run by "
                                                + entry.getValue().ran
                                                + ", not yet by "
                                                + notYetRun(entry.getKey(), entry.getValue()))
                        .collect(Collectors.joining("; "))
                + (rounds.isEmpty() ? "" : " (" + heldChanges + " changes held)");
    }

    /** Whether anything waits here: a pending DDL, or records read after one. */
    public boolean waits() {
        return !rounds.isEmpty() || !held.isEmpty() || !open.isEmpty();
    }

    /** How many changes wait. */
    public long heldChanges() {
        return heldChanges;
    }

    private void transactionEnd(CaptureRecord.End end, Consumer<CaptureRecord> out) {
        boolean waits = false;
        for (CaptureRecord.Change change : open) {
            waits |= heldTables.contains(change.shard());
        }
        if (waits) {
            open.forEach(change -> heldTables.add(change.shard()));
        }
        for (CaptureRecord.Change change : open) {
            pass(change, waits, out);
        }
        open.clear();
        pass(end, waits, out);
    }

    private void shardSchemaChange(
            CaptureRecord.ShardSchemaChange record, Consumer<CaptureRecord> out) {
        TableId shard = record.shard();
        SchemaChange change = record.end().schemaChange();
        TableId target = change.table();
        Target known =
                targets.computeIfAbsent(target, t -> new Target(null, new LinkedHashSet<>()));
        if (change.kind() == SchemaChange.Kind.CREATE) {
            join(shard, change, known);
            return;
        }
        Round round = rounds.get(target);
        if (round != null && round.ran.contains(shard)) {
            hold(record); // this shard's next DDL, once the round ends
            return;
        }
        String statement = ShardStatement.normalise(change.ddl());
        if (round == null) {
            round = new Round(shard, statement, change.definition());
            rounds.put(target, round);
        } else {
            round.check(shard, statement, change, target);
        }
        round.ran.add(shard);
        known.shards.add(shard);
        heldTables.add(shard);
        if (round.ran.containsAll(known.shards)) {
            apply(target, record, known, out);
        }
    }

    /** A new shard: it joins when its definition is the target's, and must then run any DDL. */
    private void join(TableId shard, SchemaChange change, Target known) {
        String difference =
                known.definition == null
                        ? null
                        : TableRouter.difference(known.definition, change.definition());
        if (difference != null) {
            throw new IllegalStateException(
                    "New shard "
                            + shard
                            + " of "
                            + change.table()
                            + " differs from the merged table ("
                            + difference
                            + "): '"
                            + change.ddl()
                            + "'. The capture stops before the statement, so nothing is lost."
                            + " Create the shard like the others (CREATE TABLE ... LIKE), or"
                            + " route it to a different table.");
        }
        if (known.definition == null) {
            known.definition = change.definition();
        }
        known.shards.add(shard);
    }

    /** The last shard ran the statement: the target gets it once, and the waiting records go. */
    private void apply(
            TableId target,
            CaptureRecord.ShardSchemaChange last,
            Target known,
            Consumer<CaptureRecord> out) {
        TableSchema definition = last.end().schemaChange().definition();
        out.accept(new CaptureRecord.End(last.end()));
        out.accept(new CaptureRecord.Definition(target, definition));
        known.definition = definition;
        rounds.remove(target);
        columnsAfterRound.put(
                target,
                definition.columns().stream()
                        .map(ColumnSchema::name)
                        .collect(Collectors.toCollection(LinkedHashSet::new)));
        List<CaptureRecord> waiting = new ArrayList<>(held);
        held.clear();
        heldChanges = 0;
        heldTables.clear();
        rounds.values().forEach(round -> heldTables.addAll(round.ran));
        schemaChangeHeld = false;
        releasing++;
        try {
            for (CaptureRecord record : waiting) {
                process(record, out);
            }
        } finally {
            releasing--;
        }
    }

    private void pass(CaptureRecord record, boolean waits, Consumer<CaptureRecord> out) {
        if (waits) {
            hold(record);
        } else if (record instanceof CaptureRecord.Change change && !columnsAfterRound.isEmpty()) {
            out.accept(cut(change));
        } else {
            out.accept(record);
        }
    }

    private void hold(CaptureRecord record) {
        held.add(record);
        if (record instanceof CaptureRecord.Change && ++heldChanges > maxHeldChanges) {
            throw new IllegalStateException(
                    "More than "
                            + maxHeldChanges
                            + " changes wait for a DDL statement that not every shard of a merged"
                            + " table has run: "
                            + describePending()
                            + ". Run the statement on the remaining shards, or raise"
                            + " route.ddl.max-held-changes (the capture's checkpoints hold the"
                            + " waiting changes); the capture stops here, so nothing is lost.");
        }
    }

    /**
     * A change read before its target's DDL and let go after it: the target's columns only (a
     * dropped column leaves; an added one takes its default downstream, as upstream).
     */
    private CaptureRecord cut(CaptureRecord.Change change) {
        ChangeEvent event = change.event();
        Set<String> columns = columnsAfterRound.get(event.table());
        if (columns == null
                || (columns.containsAll(keys(event.before()))
                        && columns.containsAll(keys(event.after())))) {
            return change;
        }
        return new CaptureRecord.Change(
                ChangeEvent.of(
                        event.table(),
                        event.operation(),
                        only(event.before(), columns),
                        only(event.after(), columns),
                        event.keyColumns(),
                        new ChangeEvent.Metadata(
                                event.source(), event.transaction(), event.captureTimestampMs())),
                change.shard());
    }

    private static Set<String> keys(Map<String, Object> row) {
        return row == null ? Set.of() : row.keySet();
    }

    private static Map<String, Object> only(Map<String, Object> row, Set<String> columns) {
        if (row == null) {
            return null;
        }
        Map<String, Object> kept = new LinkedHashMap<>();
        row.forEach(
                (column, value) -> {
                    if (columns.contains(column)) {
                        kept.put(column, value);
                    }
                });
        return kept;
    }

    private List<TableId> notYetRun(TableId target, Round round) {
        Target known = targets.get(target);
        return known == null
                ? List.of()
                : known.shards.stream().filter(shard -> !round.ran.contains(shard)).toList();
    }

    /** A merged target: its shards and its definition downstream. */
    private static final class Target implements Serializable {
        private static final long serialVersionUID = 1L;

        private TableSchema definition;
        private final Set<TableId> shards;

        Target(TableSchema definition, Set<TableId> shards) {
            this.definition = definition;
            this.shards = shards;
        }
    }

    /** A DDL statement some shards of one target have run. */
    private static final class Round implements Serializable {
        private static final long serialVersionUID = 1L;

        private final TableId first;
        private final String statement;
        private final TableSchema definition;
        private final Set<TableId> ran = new LinkedHashSet<>();

        Round(TableId first, String statement, TableSchema definition) {
            this.first = first;
            this.statement = statement;
            this.definition = definition;
        }

        /** Stops the capture before a shard's statement that differs from the first shard's. */
        void check(TableId shard, String other, SchemaChange change, TableId target) {
            String difference =
                    !statement.equals(other)
                            ? "statements differ"
                            : TableRouter.difference(definition, change.definition());
            if (difference != null) {
                throw new IllegalStateException(
                        "Shards of "
                                + target
                                + " ran different DDL ("
                                + difference
                                + "): "
                                + first
                                + " ran '"
                                + statement
                                + "', "
                                + shard
                                + " ran '"
                                + other
                                + "' (table names left out). The capture stops before "
                                + shard
                                + "'s statement, so nothing is lost. Every shard of a merged table"
                                + " must run the same statement; to go on, route the shards to"
                                + " different tables, or make them equal and start the capture"
                                + " anew (docs/filters.md, Routing).");
            }
        }
    }
}
