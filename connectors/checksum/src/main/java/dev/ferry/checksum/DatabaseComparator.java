package dev.ferry.checksum;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares many tables of a source database with a target database, one after another, and collects
 * the results.
 */
public final class DatabaseComparator {

    private final TableComparator tables;

    public DatabaseComparator() {
        this(ComparisonConfig.defaults());
    }

    public DatabaseComparator(ComparisonConfig config) {
        this.tables = new TableComparator(config);
    }

    /** Compares every base table of {@code database} with the same-named database on the target. */
    public DatabaseComparison compare(Connection source, Connection target, String database)
            throws SQLException {
        return compare(source, target, database, database, List.of(), ComparisonListener.NONE);
    }

    /**
     * Compares the named tables of {@code sourceDatabase} with the same-named tables of {@code
     * targetDatabase}.
     *
     * <p>A table that cannot be compared (no primary key, a query error) is recorded as a failure
     * and the others are still compared.
     *
     * @param tableNames the tables to compare; empty for every base table of the source database
     * @throws SQLException if the source's table list cannot be read
     */
    public DatabaseComparison compare(
            Connection source,
            Connection target,
            String sourceDatabase,
            String targetDatabase,
            List<String> tableNames,
            ComparisonListener listener)
            throws SQLException {
        List<String> names = tableNames.isEmpty() ? baseTables(source, sourceDatabase) : tableNames;
        List<TableComparison> results = new ArrayList<>();
        Map<TableRef, String> failures = new LinkedHashMap<>();
        for (String name : names) {
            TableRef sourceTable = new TableRef(sourceDatabase, name);
            try {
                TableComparison result =
                        tables.compare(
                                source, target, sourceTable, new TableRef(targetDatabase, name));
                results.add(result);
                listener.tableCompared(result);
            } catch (IllegalArgumentException | SQLException e) {
                String reason = ConnectionErrors.firstLine(e.getMessage());
                failures.put(sourceTable, reason);
                listener.tableFailed(sourceTable, reason);
            }
        }
        return new DatabaseComparison(results, failures);
    }

    /** The base tables (not views) of one database on a server, by name. */
    public static List<String> baseTables(Connection connection, String database)
            throws SQLException {
        return TableSchemaReader.baseTables(connection, database);
    }
}
