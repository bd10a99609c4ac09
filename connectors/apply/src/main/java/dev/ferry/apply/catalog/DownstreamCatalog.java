package dev.ferry.apply.catalog;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.jdbc.SqlResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Knows the downstream tables a writer touches, and creates a missing one from the upstream
 * definition on the schema topic when the configuration allows it.
 */
public final class DownstreamCatalog {
    private static final Logger LOG = LoggerFactory.getLogger(DownstreamCatalog.class);
    private static final String COLUMNS = SqlResource.load(DownstreamCatalog.class, "columns.sql");
    private static final String DATABASE_COLUMNS =
            SqlResource.load(DownstreamCatalog.class, "database-columns.sql");

    private final boolean createMissing;
    private final Supplier<Map<TableId, TableSchema>> upstreamSchemas;

    /** Concurrent: the transactional apply's workers share one catalog. */
    private final Map<TableId, DownstreamTable> tables = new ConcurrentHashMap<>();

    /** Upstream definitions already read from the schema topic, so a creation need not read it. */
    private volatile Map<TableId, TableSchema> knownSchemas = Map.of();

    /**
     * @param createMissing whether a missing table may be created
     * @param upstreamSchemas reads the published upstream definitions (called only when needed)
     */
    public DownstreamCatalog(
            boolean createMissing, Supplier<Map<TableId, TableSchema>> upstreamSchemas) {
        this.createMissing = createMissing;
        this.upstreamSchemas = upstreamSchemas;
    }

    /** The downstream table, created first if it is missing and creation is allowed. */
    public DownstreamTable table(Connection connection, TableId id) throws SQLException {
        DownstreamTable known = tables.get(id);
        if (known != null) {
            return known;
        }
        DownstreamTable table = read(connection, id);
        if (table == null) {
            create(connection, id);
            table = read(connection, id);
        }
        tables.put(id, table);
        return table;
    }

    /**
     * Reads the downstream tables of {@code schemas} at start, a query per database, and creates
     * the missing ones: with hundreds of tables, a lookup per table on first use (and, for a
     * missing one, a read of the whole schema topic) made start-up grow with the square of the
     * tables.
     */
    public void prepare(Connection connection, Map<TableId, TableSchema> schemas)
            throws SQLException {
        knownSchemas = Map.copyOf(schemas);
        Map<String, List<TableId>> byDatabase = new TreeMap<>();
        schemas.keySet()
                .forEach(
                        id ->
                                byDatabase
                                        .computeIfAbsent(id.database(), d -> new ArrayList<>())
                                        .add(id));
        for (Map.Entry<String, List<TableId>> database : byDatabase.entrySet()) {
            Map<String, Map<String, String>> columns = readDatabase(connection, database.getKey());
            for (TableId id : database.getValue()) {
                Map<String, String> existing = columns.get(id.table());
                if (existing == null) {
                    if (createMissing) { // otherwise the first change of it names the table
                        create(connection, id);
                        tables.put(id, read(connection, id));
                    }
                } else {
                    tables.put(id, new DownstreamTable(id, existing));
                }
            }
        }
    }

    private static Map<String, Map<String, String>> readDatabase(
            Connection connection, String database) throws SQLException {
        Map<String, Map<String, String>> columns = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(DATABASE_COLUMNS)) {
            statement.setString(1, database);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    columns.computeIfAbsent(rows.getString(1), t -> new HashMap<>())
                            .put(
                                    rows.getString(2).toLowerCase(Locale.ROOT),
                                    rows.getString(3).toLowerCase(Locale.ROOT));
                }
            }
        }
        return columns;
    }

    /** Forgets what it read, so the next use reads the table again (after a failed write). */
    public void invalidate() {
        tables.clear();
    }

    private void create(Connection connection, TableId id) throws SQLException {
        if (!createMissing) {
            throw new FerryConfigException(
                    "downstream table "
                            + id
                            + " does not exist. Create it, or set downstream.create-tables=missing"
                            + " to let ferry create it from the upstream definition.");
        }
        TableSchema schema = knownSchemas.get(id);
        if (schema == null) {
            schema = upstreamSchemas.get().get(id); // a table published after this job started
        }
        if (schema == null) {
            throw new FerryConfigException(
                    "downstream table "
                            + id
                            + " does not exist and the schema topic has no definition for it."
                            + " Start (or restart) the capture job for this table first, or"
                            + " create the table downstream.");
        }
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(true);
        try (Statement statement = connection.createStatement()) {
            statement.execute(CreateTableStatement.createDatabase(id.database()));
            statement.execute(CreateTableStatement.createTable(schema));
            LOG.info("Created downstream table {} from its upstream definition", id);
        } catch (SQLException e) {
            throw new FerryConfigException(
                    "cannot create downstream table "
                            + id
                            + " ("
                            + e.getMessage()
                            + "). Create it by hand with a compatible definition and restart.",
                    e);
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    private static DownstreamTable read(Connection connection, TableId id) throws SQLException {
        Map<String, String> columns = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(COLUMNS)) {
            statement.setString(1, id.database());
            statement.setString(2, id.table());
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    columns.put(
                            rows.getString(1).toLowerCase(Locale.ROOT),
                            rows.getString(2).toLowerCase(Locale.ROOT));
                }
            }
        }
        return columns.isEmpty() ? null : new DownstreamTable(id, columns);
    }
}
