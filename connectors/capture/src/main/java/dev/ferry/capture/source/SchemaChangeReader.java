package dev.ferry.capture.source;

import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.TableSchema;
import io.debezium.document.Array;
import io.debezium.relational.Column;
import io.debezium.relational.Table;
import io.debezium.relational.history.HistoryRecord;
import io.debezium.relational.history.TableChanges;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.cdc.connectors.mysql.source.utils.RecordUtils;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Struct;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;
import org.apache.flink.cdc.debezium.history.FlinkJsonTableChangeSerializer;
import org.apache.flink.util.Collector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the schema-change records of Flink CDC's MySQL source ({@code includeSchemaChanges}) into
 * capture records at their binlog position: the END of the DDL statement's own transaction, with
 * the statement and the table's new definition, and that definition for the schema topic.
 *
 * <p>The definition is read from the upstream's information_schema (full column types, defaults,
 * every index), which may already show a later DDL; so its columns are checked against Debezium's,
 * which are exactly those after this statement, and Debezium's win where they differ.
 */
public final class SchemaChangeReader {
    private static final Logger LOG = LoggerFactory.getLogger(SchemaChangeReader.class);
    private static final FlinkJsonTableChangeSerializer TABLE_CHANGES =
            new FlinkJsonTableChangeSerializer();
    private static final String IDENTIFIER =
            "`?((?:[^`\\s.,;]|``)+)`?(?:\\s*\\.\\s*`?((?:[^`\\s.,;]|``)+)`?)?";
    private static final Pattern RENAME_TABLE =
            Pattern.compile(
                    "^\\s*RENAME\\s+TABLES?\\s+" + IDENTIFIER + "\\s+TO\\s+" + IDENTIFIER,
                    Pattern.CASE_INSENSITIVE);
    private static final Pattern ALTER_RENAME =
            Pattern.compile(
                    "^\\s*ALTER\\s+(?:ONLINE\\s+|IGNORE\\s+)*TABLE\\s+"
                            + IDENTIFIER
                            + "\\s+.*\\bRENAME\\s+(?:TO\\s+|AS\\s+)?"
                            + IDENTIFIER
                            + "\\s*;?\\s*$",
                    Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern DROP =
            Pattern.compile(
                    "^\\s*DROP\\s+TABLES?\\s+(?:IF\\s+EXISTS\\s+)?(.+?)\\s*(?:RESTRICT|CASCADE)?\\s*(?:/\\*.*\\*/)?\\s*;?\\s*$",
                    Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern TRUNCATE =
            Pattern.compile(
                    "^\\s*TRUNCATE\\s+(?:TABLE\\s+)?" + IDENTIFIER, Pattern.CASE_INSENSITIVE);

    private final TransactionTracker transactions;
    private final Definitions definitions;
    private final Predicate<TableId> captured;

    /**
     * @param captured whether a table is captured (its DDL goes into the stream)
     */
    public SchemaChangeReader(
            TransactionTracker transactions, Definitions definitions, Predicate<TableId> captured) {
        this.transactions = transactions;
        this.definitions = definitions;
        this.captured = captured;
    }

    /** Where table definitions come from: the upstream (or a test's tables). */
    public interface Definitions extends java.io.Serializable {
        /** The table's definition now; empty when it does not exist. */
        Optional<TableSchema> read(TableId table);

        /** The topic of a table's changes. */
        String topicOf(TableId table);

        /** Creates the topic of a table that is new (or newly named), when it is missing. */
        default void prepareTopic(TableId table) {}

        /**
         * A DDL statement of a merged shard in its target's form, for the shard DDL coordinator (an
         * ALTER, or the creation of a shard like the others, which joins its target); empty for a
         * table written to itself. Throws when the statement must stop the capture.
         */
        default Optional<SchemaChange> mergedShardChange(SchemaChange change) {
            return Optional.empty();
        }

        /** A definition as it replicates (filter.columns.exclude applied). */
        default TableSchema replicated(TableSchema definition) {
            return definition;
        }
    }

    /** Whether a Flink CDC record is a schema change. */
    static boolean isSchemaChange(SourceRecord record) {
        return RecordUtils.isSchemaChangeEvent(record);
    }

    /** Emits the records of one schema change; nothing for DDL of tables not captured. */
    void read(SourceRecord record, Collector<CaptureRecord> out) {
        HistoryRecord history;
        try {
            history = RecordUtils.getHistoryRecord(record);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(
                    "unreadable schema change record: " + e.getMessage(), e);
        }
        String ddl = history.document().getString("ddl");
        if (ddl == null) {
            return;
        }
        String database = history.document().getString("databaseName");
        Array changesArray = history.document().getArray("tableChanges");
        List<TableChanges.TableChange> changes = new ArrayList<>();
        if (changesArray != null) {
            TABLE_CHANGES.deserialize(changesArray, true).forEach(changes::add);
        }
        Map<String, ?> offset = record.sourceOffset();
        Struct source = ((Struct) record.value()).getStruct("source");
        long timestamp = source.schema().field("ts_ms") == null ? 0 : source.getInt64("ts_ms");
        for (SchemaChange change : schemaChanges(ddl, database, changes)) {
            if (!captured.test(change.table())
                    && (change.previousTable() == null || !captured.test(change.previousTable()))) {
                continue;
            }
            Optional<SchemaChange> merged = definitions.mergedShardChange(change);
            if (merged.isPresent()) {
                emitShard(change.table(), merged.get(), offset, timestamp, out);
            } else {
                emit(change, offset, timestamp, out);
            }
        }
    }

    /** A merged shard's DDL, for the coordinator that applies it once every shard has it. */
    private void emitShard(
            TableId shard,
            SchemaChange change,
            Map<String, ?> offset,
            long timestamp,
            Collector<CaptureRecord> out) {
        Optional<String> id = transactions.schemaChangeId(offset);
        if (id.isEmpty()) {
            return; // emitted before the restart this replays
        }
        transactions.takeUnended().ifPresent(end -> out.collect(new CaptureRecord.End(end)));
        LOG.info(
                "Schema change {} on {}, a shard of {}: {}",
                id.get(),
                shard,
                change.table(),
                change.ddl());
        out.collect(
                new CaptureRecord.ShardSchemaChange(
                        shard, end(id.get(), offset, timestamp, change)));
    }

    private static TransactionEnd end(
            String id, Map<String, ?> offset, long timestamp, SchemaChange change) {
        return TransactionEnd.ofSchemaChange(
                id,
                String.valueOf(offset.get("file")),
                Long.parseLong(String.valueOf(offset.get("pos"))),
                timestamp,
                change);
    }

    private void emit(
            SchemaChange change,
            Map<String, ?> offset,
            long timestamp,
            Collector<CaptureRecord> out) {
        String ddl = change.ddl();
        Optional<String> id = transactions.schemaChangeId(offset);
        if (id.isEmpty()) {
            return; // emitted before the restart this replays
        }
        transactions.takeUnended().ifPresent(end -> out.collect(new CaptureRecord.End(end)));
        if (change.kind() == SchemaChange.Kind.CREATE
                || change.kind() == SchemaChange.Kind.RENAME) {
            // before its first row: the Kafka sink cannot write to a missing topic
            definitions.prepareTopic(change.table());
        }
        LOG.info("Schema change {} on {}: {}", id.get(), change.table(), ddl);
        out.collect(new CaptureRecord.End(end(id.get(), offset, timestamp, change)));
        if (change.previousTable() != null) {
            out.collect(new CaptureRecord.Definition(change.previousTable(), null));
        }
        if (change.kind() != SchemaChange.Kind.TRUNCATE) {
            out.collect(new CaptureRecord.Definition(change.table(), change.definition()));
        }
    }

    /**
     * The schema changes of a DDL statement: none when it changes no table (CREATE DATABASE), one
     * per table it drops.
     */
    List<SchemaChange> schemaChanges(
            String ddl, String database, List<TableChanges.TableChange> changes) {
        Matcher drop = DROP.matcher(ddl);
        if (drop.find()) {
            // Debezium's history record lists no table for a DROP TABLE
            List<SchemaChange> dropped = new ArrayList<>();
            Matcher name = Pattern.compile(IDENTIFIER).matcher(drop.group(1));
            while (name.find()) {
                dropped.add(
                        new SchemaChange(
                                SchemaChange.Kind.DROP,
                                ddl,
                                tableId(name, 1, database),
                                null,
                                null));
            }
            return dropped;
        }
        SchemaChange change = schemaChange(ddl, database, changes);
        return change == null ? List.of() : List.of(change);
    }

    private SchemaChange schemaChange(
            String ddl, String database, List<TableChanges.TableChange> changes) {
        Matcher truncate = TRUNCATE.matcher(ddl);
        if (truncate.find()) {
            TableId table = tableId(truncate, 1, database);
            return new SchemaChange(SchemaChange.Kind.TRUNCATE, ddl, table, null, null);
        }
        if (changes.isEmpty()) {
            return null;
        }
        TableChanges.TableChange first = changes.get(0);
        TableId table = TableId.of(first.getId().catalog(), first.getId().table());
        switch (first.getType()) {
            case DROP:
                return new SchemaChange(SchemaChange.Kind.DROP, ddl, table, null, null);
            case CREATE:
                return new SchemaChange(
                        SchemaChange.Kind.CREATE, ddl, table, null, definition(table, first));
            default:
                TableId previous = previousName(ddl, database, first);
                return new SchemaChange(
                        previous == null ? SchemaChange.Kind.ALTER : SchemaChange.Kind.RENAME,
                        ddl,
                        table,
                        previous,
                        definition(table, first));
        }
    }

    private static TableId previousName(
            String ddl, String database, TableChanges.TableChange change) {
        if (change.getPreviousId() != null) {
            return TableId.of(change.getPreviousId().catalog(), change.getPreviousId().table());
        }
        for (Pattern pattern : List.of(RENAME_TABLE, ALTER_RENAME)) {
            Matcher matcher = pattern.matcher(ddl);
            if (matcher.find()) {
                TableId from = tableId(matcher, 1, database);
                TableId to = tableId(matcher, 3, database);
                if (to.table().equals(change.getId().table()) && !from.equals(to)) {
                    return from;
                }
            }
        }
        return null;
    }

    /** The identifier at {@code group} (and, qualified, {@code group + 1}) of a match. */
    private static TableId tableId(Matcher matcher, int group, String database) {
        String first = matcher.group(group).replace("``", "`");
        String second = matcher.group(group + 1);
        return second == null
                ? TableId.of(database, first)
                : TableId.of(first, second.replace("``", "`"));
    }

    /**
     * The upstream's definition, its columns made equal to Debezium's for this statement, as it
     * replicates.
     */
    private TableSchema definition(TableId table, TableChanges.TableChange change) {
        return definitions.replicated(upstreamDefinition(table, change));
    }

    private TableSchema upstreamDefinition(TableId table, TableChanges.TableChange change) {
        Table after = change.getTable();
        Optional<TableSchema> read = definitions.read(table);
        List<String> names = after.retrieveColumnNames();
        if (read.isPresent()
                && read.get().columns().stream().map(ColumnSchema::name).toList().equals(names)) {
            return read.get();
        }
        LOG.warn(
                "The upstream definition of {} is already past this DDL statement; its columns"
                        + " are taken from the binlog's schema",
                table);
        List<ColumnSchema> columns = new ArrayList<>();
        for (Column column : after.columns()) {
            columns.add(
                    read.flatMap(r -> r.column(column.name()))
                            .filter(c -> c.name().equals(column.name()))
                            .orElseGet(() -> DebeziumColumns.toColumnSchema(column)));
        }
        return new TableSchema(
                table.database(),
                table.table(),
                definitions.topicOf(table),
                columns,
                read.map(TableSchema::indexes)
                        .map(
                                indexes ->
                                        indexes.stream()
                                                .filter(
                                                        index ->
                                                                names.containsAll(
                                                                        index.columnNames()))
                                                .toList())
                        .orElse(List.of()));
    }

    /** Debezium's column as the schema topic's column, for when the upstream read is ahead. */
    static final class DebeziumColumns {
        private DebeziumColumns() {}

        static ColumnSchema toColumnSchema(Column column) {
            String typeName = column.typeName().toLowerCase(Locale.ROOT);
            String base = typeName.replace(" unsigned", "").replace(" zerofill", "");
            StringBuilder type = new StringBuilder(base);
            if (!column.enumValues().isEmpty()) {
                type.append('(').append(String.join(",", column.enumValues())).append(')');
            } else if (column.length() > 0 && takesLength(base)) {
                type.append('(').append(column.length());
                column.scale().ifPresent(scale -> type.append(',').append(scale));
                type.append(')');
            }
            type.append(typeName.substring(base.length()));
            return new ColumnSchema(
                    column.name(),
                    type.toString(),
                    base,
                    column.isOptional(),
                    base.equals("json"),
                    column.typeUsesCharset() ? column.charsetName() : null,
                    null,
                    column.defaultValueExpression().map(DebeziumColumns::sql).orElse(null));
        }

        /** Debezium keeps a literal default without its quotes. */
        private static String sql(String expression) {
            if (expression.equalsIgnoreCase("NULL")
                    || expression.matches("-?[0-9]+(\\.[0-9]+)?")
                    || expression.contains("(")
                    || expression.toUpperCase(Locale.ROOT).startsWith("CURRENT_TIMESTAMP")) {
                return expression;
            }
            return "'" + expression.replace("\\", "\\\\").replace("'", "''") + "'";
        }

        private static boolean takesLength(String base) {
            return switch (base) {
                case "char",
                                "varchar",
                                "binary",
                                "varbinary",
                                "decimal",
                                "numeric",
                                "bit",
                                "datetime",
                                "timestamp",
                                "time" ->
                        true;
                default -> false;
            };
        }
    }
}
