package dev.ferry.capture.preflight;

import dev.ferry.capture.filter.TableSelection;
import dev.ferry.capture.kafka.TopicRouting;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jdbc.SqlResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks, before the capture job starts, everything that would otherwise fail later in a restart
 * loop or a stack trace: credentials, binlog settings, privileges, the tables and their column
 * types. Returns the definitions of the tables to capture.
 */
public final class UpstreamPreflight {
    private static final String BINLOG_SETTINGS =
            SqlResource.load(UpstreamPreflight.class, "binlog-settings.sql");
    private static final String TABLES = SqlResource.load(UpstreamPreflight.class, "tables.sql");
    private static final String ALL_TABLES =
            SqlResource.load(UpstreamPreflight.class, "all-tables.sql");

    /** Types the MySQL CDC connector cannot read, or TiDB cannot store, with what to do. */
    private static final Map<String, String> UNSUPPORTED_TYPES = unsupportedTypes();

    private final DatabaseEndpoint endpoint;

    public UpstreamPreflight(DatabaseEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /**
     * @param selection the tables to capture
     * @return the definition of every table to capture, in a stable order
     */
    public List<TableSchema> check(TableSelection selection, TopicRouting routing) {
        try (Connection connection = Connections.open(endpoint)) {
            checkBinlog(connection);
            checkReplicationPrivileges(connection);
            List<TableSchema> schemas =
                    new TableSchemaReader(connection)
                            .readAll(resolveTables(connection, selection), routing::topicOf);
            schemas.forEach(UpstreamPreflight::checkColumns);
            return schemas;
        } catch (SQLException e) {
            throw new FerryConfigException(
                    "upstream: checking " + endpoint.address() + " failed: " + e.getMessage(), e);
        }
    }

    private void checkBinlog(Connection connection) throws SQLException {
        Map<String, String> settings = new HashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(BINLOG_SETTINGS)) {
            while (rows.next()) {
                settings.put(rows.getString(1).toUpperCase(Locale.ROOT), rows.getString(2));
            }
        }
        String where = "upstream " + endpoint.address();
        if (!"ON".equalsIgnoreCase(settings.get("LOG_BIN"))) {
            throw new FerryConfigException(
                    where
                            + " has binary logging off (log_bin="
                            + settings.get("LOG_BIN")
                            + "). Start it with log-bin, binlog_format=ROW and binlog_row_image=FULL.");
        }
        expectSetting(settings, "BINLOG_FORMAT", "ROW", where);
        expectSetting(settings, "BINLOG_ROW_IMAGE", "FULL", where);
    }

    private static void expectSetting(
            Map<String, String> settings, String name, String expected, String where) {
        String actual = settings.get(name);
        if (!expected.equalsIgnoreCase(actual)) {
            throw new FerryConfigException(
                    where
                            + " has "
                            + name.toLowerCase(Locale.ROOT)
                            + "="
                            + actual
                            + ", but change data capture needs "
                            + expected
                            + ". Run SET GLOBAL "
                            + name.toLowerCase(Locale.ROOT)
                            + " = '"
                            + expected
                            + "' and set it in the server's config file.");
        }
    }

    private void checkReplicationPrivileges(Connection connection) throws SQLException {
        StringBuilder grants = new StringBuilder();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SHOW GRANTS")) {
            while (rows.next()) {
                grants.append(rows.getString(1).toUpperCase(Locale.ROOT)).append('\n');
            }
        }
        String all = grants.toString();
        boolean everything = all.contains("ALL PRIVILEGES ON *.*");
        if (!everything && !all.contains("REPLICATION SLAVE")) {
            throw new FerryConfigException(
                    "upstream user '"
                            + endpoint.username()
                            + "' lacks REPLICATION SLAVE, so it cannot read the binlog. Run GRANT"
                            + " SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO"
                            + " that user.");
        }
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SHOW MASTER STATUS").close();
        } catch (SQLException e) {
            throw new FerryConfigException(
                    "upstream user '"
                            + endpoint.username()
                            + "' cannot run SHOW MASTER STATUS ("
                            + e.getMessage()
                            + "). Grant it REPLICATION CLIENT.");
        }
    }

    private List<TableId> resolveTables(Connection connection, TableSelection selection)
            throws SQLException {
        Set<TableId> tables = new LinkedHashSet<>();
        Map<String, List<String>> tablesByDatabase = new HashMap<>(); // a query per database
        List<TableId> named = new ArrayList<>(selection.names());
        if (selection.always() != null) {
            named.add(selection.always());
        }
        for (TableId requested : named) {
            List<String> existing = tablesByDatabase.get(requested.database());
            if (existing == null) {
                existing = tablesOf(connection, requested.database());
                tablesByDatabase.put(requested.database(), existing);
            }
            if (requested.table().equals("*")) {
                if (existing.isEmpty()) {
                    throw new FerryConfigException(
                            "upstream database '"
                                    + requested.database()
                                    + "' has no tables (or does not exist) at "
                                    + endpoint.address()
                                    + ". Check upstream.tables.");
                }
                existing.forEach(name -> tables.add(TableId.of(requested.database(), name)));
            } else if (existing.contains(requested.table())) {
                tables.add(requested);
            } else {
                throw new FerryConfigException(
                        "upstream table "
                                + requested
                                + " does not exist at "
                                + endpoint.address()
                                + (existing.isEmpty()
                                        ? " (database '" + requested.database() + "' has no tables)"
                                        : " (tables there: " + String.join(", ", existing) + ")")
                                + ". Check upstream.tables.");
            }
        }
        tables.addAll(allTables(connection));
        tables.removeIf(table -> !selection.includes(table));
        return new ArrayList<>(tables);
    }

    private static List<TableId> allTables(Connection connection) throws SQLException {
        List<TableId> tables = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(ALL_TABLES)) {
            while (rows.next()) {
                tables.add(TableId.of(rows.getString(1), rows.getString(2)));
            }
        }
        return tables;
    }

    private static List<String> tablesOf(Connection connection, String database)
            throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(TABLES)) {
            statement.setString(1, database);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
        }
        return names;
    }

    private static void checkColumns(TableSchema schema) {
        for (ColumnSchema column : schema.columns()) {
            String advice = UNSUPPORTED_TYPES.get(column.dataType());
            if (advice != null) {
                throw new FerryConfigException(
                        "column "
                                + schema.tableId()
                                + "."
                                + column.name()
                                + " has type "
                                + column.dataType().toUpperCase(Locale.ROOT)
                                + ", which ferry cannot replicate: "
                                + advice);
            }
        }
        if (schema.rowKey().isEmpty()) {
            throw new FerryConfigException(
                    "table "
                            + schema.tableId()
                            + " has no primary key and no unique key whose columns are all NOT"
                            + " NULL. Ferry needs one of them to snapshot it in chunks and to apply"
                            + " updates and deletes: add a primary key (or make a unique key's"
                            + " columns NOT NULL), or leave the table out of upstream.tables.");
        }
    }

    private static Map<String, String> unsupportedTypes() {
        Map<String, String> types = new HashMap<>();
        String mariaDbOnly =
                "the MySQL CDC connector cannot read this MariaDB-only type (it fails in a restart"
                        + " loop). Convert the column (UUID to CHAR(36), INET4/INET6 to"
                        + " VARCHAR(39)) or leave the table out of upstream.tables.";
        types.put("uuid", mariaDbOnly);
        types.put("inet4", mariaDbOnly);
        types.put("inet6", mariaDbOnly);
        String spatial =
                "TiDB has no spatial types. Store the value as WKB in a BLOB column or leave the"
                        + " table out of upstream.tables.";
        for (String type :
                List.of(
                        "geometry",
                        "point",
                        "linestring",
                        "polygon",
                        "multipoint",
                        "multilinestring",
                        "multipolygon",
                        "geometrycollection")) {
            types.put(type, spatial);
        }
        return Map.copyOf(types);
    }
}
