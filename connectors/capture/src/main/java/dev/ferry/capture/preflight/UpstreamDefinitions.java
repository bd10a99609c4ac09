package dev.ferry.capture.preflight;

import dev.ferry.capture.kafka.TopicRouting;
import dev.ferry.capture.source.SchemaChangeReader;
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
    private final TopicCreator topics;

    /** Creates a change topic when it is missing. */
    public interface TopicCreator extends java.io.Serializable {
        void ensure(String topic);
    }

    public UpstreamDefinitions(
            DatabaseEndpoint upstream, TopicRouting routing, TopicCreator topics) {
        this.upstream = upstream;
        this.routing = routing;
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

    /** The topic of a table's changes. */
    @Override
    public String topicOf(TableId table) {
        return routing.topicOf(table);
    }
}
