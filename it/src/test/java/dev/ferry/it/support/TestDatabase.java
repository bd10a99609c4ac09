package dev.ferry.it.support;

import java.util.concurrent.ThreadLocalRandom;

/**
 * A database name of a test's own (a random suffix keeps tests apart on the shared services),
 * created upstream and dropped on both sides by {@link #close()}.
 */
public final class TestDatabase implements AutoCloseable {
    private final String name;

    private TestDatabase(String name) {
        this.name = name;
    }

    public static TestDatabase create(String prefix) {
        String name =
                prefix
                        + "_"
                        + Integer.toHexString(
                                ThreadLocalRandom.current().nextInt(0x100000, 0xFFFFFF));
        Sql.execute(Services.upstreamAdmin(), "CREATE DATABASE `" + name + "`");
        return new TestDatabase(name);
    }

    public String name() {
        return name;
    }

    /** {@code name.table}. */
    public String table(String table) {
        return name + "." + table;
    }

    @Override
    public void close() {
        if (Boolean.getBoolean("ferry.it.keep-databases")) {
            return; // for a post-mortem: -Dferry.it.keep-databases=true
        }
        Sql.execute(Services.upstreamAdmin(), "DROP DATABASE IF EXISTS `" + name + "`");
        Sql.execute(Services.downstreamAdmin(), "DROP DATABASE IF EXISTS `" + name + "`");
    }
}
