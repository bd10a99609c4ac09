package dev.ferry.checksum;

import java.util.Objects;

/** A table named by database and table name, as on one side of a comparison. */
public record TableRef(String database, String table) {

    public TableRef {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(table, "table");
    }

    /** The name quoted for use in SQL: {@code `db`.`table`}. */
    String quoted() {
        return quote(database) + "." + quote(table);
    }

    /** Quotes one identifier with backticks, which MySQL, MariaDB and TiDB all accept. */
    static String quote(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }

    @Override
    public String toString() {
        return database + "." + table;
    }
}
