package dev.ferry.it.support;

import dev.ferry.jdbc.DatabaseEndpoint;

/**
 * A downstream server the tests replicate to: the MariaDB stand-in or a TiDB, reached as the tests'
 * admin or as the apply job's user (the same users on both).
 *
 * @param name "MariaDB" or "TiDB", for messages
 * @param tidb whether the server is TiDB (some of its answers differ)
 */
public record Downstream(String name, String host, int port, boolean tidb) {

    public DatabaseEndpoint admin() {
        return new DatabaseEndpoint("downstream", host, port, "ferry_admin", "ferry_admin");
    }

    public DatabaseEndpoint apply() {
        return new DatabaseEndpoint("downstream", host, port, "ferry_apply", "ferry_apply");
    }
}
