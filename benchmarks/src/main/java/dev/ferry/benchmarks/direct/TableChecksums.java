package dev.ferry.benchmarks.direct;

import dev.ferry.apply.statement.Identifiers;
import dev.ferry.envelope.TableId;
import dev.ferry.jdbc.SqlResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Per table its row count and CRC32 sum over every column: read on both sides after a direct
 * import, and compared, so that a lost or altered row fails the probe instead of passing as speed.
 */
final class TableChecksums {
    /** One table's figures. */
    record Checksum(long rows, long crcSum) {}

    private TableChecksums() {}

    /** The tables of {@code database} whose whole name matches {@code tableRegex}. */
    static List<String> tables(Connection connection, String database, String tableRegex)
            throws SQLException {
        List<String> tables = new ArrayList<>();
        try (PreparedStatement query =
                connection.prepareStatement(SqlResource.load(TableChecksums.class, "tables.sql"))) {
            query.setString(1, database);
            query.setString(2, "^(" + tableRegex + ")$");
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    tables.add(rows.getString(1));
                }
            }
        }
        return tables;
    }

    /** The checksums of {@code tables} of {@code database}; a missing table counts no rows. */
    static Map<String, Checksum> read(Connection connection, String database, List<String> tables)
            throws SQLException {
        Map<String, Checksum> sums = new TreeMap<>();
        for (String table : tables) {
            List<String> columns = columns(connection, database, table);
            if (columns.isEmpty()) {
                sums.put(table, new Checksum(0, 0));
                continue;
            }
            String sql =
                    String.format(
                            SqlResource.load(TableChecksums.class, "checksum.sql"),
                            String.join(",", columns.stream().map(Identifiers::quote).toList()),
                            Identifiers.quote(TableId.of(database, table)));
            try (Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery(sql)) {
                rows.next();
                sums.put(table, new Checksum(rows.getLong(1), rows.getLong(2)));
            }
        }
        return sums;
    }

    private static List<String> columns(Connection connection, String database, String table)
            throws SQLException {
        List<String> columns = new ArrayList<>();
        try (PreparedStatement query =
                connection.prepareStatement(
                        SqlResource.load(TableChecksums.class, "columns.sql"))) {
            query.setString(1, database);
            query.setString(2, table);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    columns.add(rows.getString(1));
                }
            }
        }
        return columns;
    }

    /**
     * One line per table whose figures differ between {@code upstream} and {@code downstream} (both
     * counts and both sums named); empty when they are equal.
     */
    static List<String> differences(
            Map<String, Checksum> upstream, Map<String, Checksum> downstream) {
        List<String> differences = new ArrayList<>();
        TreeSet<String> tables = new TreeSet<>(upstream.keySet());
        tables.addAll(downstream.keySet());
        Checksum none = new Checksum(0, 0);
        for (String table : tables) {
            Checksum up = upstream.getOrDefault(table, none);
            Checksum down = downstream.getOrDefault(table, none);
            if (!Objects.equals(up, down)) {
                differences.add(
                        table
                                + ": upstream "
                                + up.rows()
                                + " rows (CRC32 sum "
                                + up.crcSum()
                                + "), downstream "
                                + down.rows()
                                + " rows (CRC32 sum "
                                + down.crcSum()
                                + ")");
            }
        }
        return differences;
    }
}
