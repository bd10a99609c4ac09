package dev.ferry.apply.statement;

import dev.ferry.envelope.TableId;

/** Quotes names the way MySQL and TiDB both read them. */
public final class Identifiers {
    private Identifiers() {}

    public static String quote(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    public static String quote(TableId table) {
        return quote(table.database()) + "." + quote(table.table());
    }
}
