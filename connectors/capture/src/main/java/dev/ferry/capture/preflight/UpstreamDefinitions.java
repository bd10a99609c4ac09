package dev.ferry.capture.preflight;

import dev.ferry.capture.filter.ChangeFilter;
import dev.ferry.capture.kafka.TopicRouting;
import dev.ferry.capture.route.TableRouter;
import dev.ferry.capture.source.SchemaChangeReader;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Reads one upstream table's current definition, in the schema topic's form, when the binlog shows
 * that a DDL statement changed it. Opens a connection per read: DDL is rare.
 */
public final class UpstreamDefinitions implements SchemaChangeReader.Definitions {
    private static final long serialVersionUID = 1L;

    private final DatabaseEndpoint upstream;
    private final TopicRouting routing;
    private final ChangeFilter filter;
    private final TableRouter router;
    private final TopicCreator topics;

    /** Creates a change topic when it is missing. */
    public interface TopicCreator extends java.io.Serializable {
        void ensure(String topic);
    }

    /**
     * @param filter what replicates: definitions are published without the left-out columns
     * @param router where tables go: DDL of merged shards is refused or left out
     */
    public UpstreamDefinitions(
            DatabaseEndpoint upstream,
            TopicRouting routing,
            ChangeFilter filter,
            TableRouter router,
            TopicCreator topics) {
        this.upstream = upstream;
        this.routing = routing;
        this.filter = filter;
        this.router = router;
        this.topics = topics;
    }

    @Override
    public void prepareTopic(TableId table) {
        topics.ensure(routing.topicOf(table));
    }

    /** The table's definition now; empty when the table does not exist (any more). */
    @Override
    public Optional<TableSchema> read(TableId table) {
        try (Connection connection = Connections.open(upstream)) {
            TableSchema schema =
                    new TableSchemaReader(connection).read(table, routing.topicOf(table));
            return schema.columns().isEmpty() ? Optional.empty() : Optional.of(schema);
        } catch (SQLException e) {
            throw Connections.explain(upstream, e);
        }
    }

    /** Without the columns filter.columns.exclude leaves out; refused when they are a key's. */
    @Override
    public TableSchema replicated(TableSchema definition) {
        return filter.project(definition);
    }

    /** A merged shard's ALTER or CREATE in its target's form; other shard DDL stops. */
    @Override
    public Optional<SchemaChange> mergedShardChange(SchemaChange change) {
        return router.mergedShardChange(change, routing);
    }

    /** The topic of a table's changes. */
    @Override
    public String topicOf(TableId table) {
        return routing.topicOf(table);
    }
}
