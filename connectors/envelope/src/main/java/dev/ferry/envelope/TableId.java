package dev.ferry.envelope;

import java.io.Serializable;
import java.util.Objects;

/** Identifies an upstream table by database and table name. */
public final class TableId implements Serializable, Comparable<TableId> {
    private static final long serialVersionUID = 1L;

    private final String database;
    private final String table;

    private TableId(String database, String table) {
        this.database = Objects.requireNonNull(database, "database");
        this.table = Objects.requireNonNull(table, "table");
    }

    public static TableId of(String database, String table) {
        return new TableId(database, table);
    }

    /** Parses {@code db.table}; the table part may not contain a dot. */
    public static TableId parse(String qualifiedName) {
        int dot = qualifiedName.indexOf('.');
        if (dot <= 0
                || dot == qualifiedName.length() - 1
                || qualifiedName.indexOf('.', dot + 1) >= 0) {
            throw new IllegalArgumentException(
                    "'" + qualifiedName + "' is not a table name of the form database.table");
        }
        return new TableId(qualifiedName.substring(0, dot), qualifiedName.substring(dot + 1));
    }

    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    /** The name as {@code database.table}. */
    public String qualifiedName() {
        return database + "." + table;
    }

    @Override
    public int compareTo(TableId other) {
        int byDatabase = database.compareTo(other.database);
        return byDatabase != 0 ? byDatabase : table.compareTo(other.table);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableId other
                && database.equals(other.database)
                && table.equals(other.table);
    }

    @Override
    public int hashCode() {
        return 31 * database.hashCode() + table.hashCode();
    }

    @Override
    public String toString() {
        return qualifiedName();
    }
}
