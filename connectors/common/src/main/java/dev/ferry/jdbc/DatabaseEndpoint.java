package dev.ferry.jdbc;

import java.io.Serializable;

/**
 * Where and as whom to connect to a MySQL-protocol server. {@link #toString()} never shows the
 * password, so an endpoint can be logged or put in an error message.
 *
 * @param role "upstream" or "downstream", used in error messages
 */
public record DatabaseEndpoint(
        String role, String hostname, int port, String username, String password)
        implements Serializable {

    /** A {@code jdbc:mysql:} URL without credentials; works for MySQL, MariaDB and TiDB. */
    public String jdbcUrl() {
        return "jdbc:mysql://"
                + hostname
                + ":"
                + port
                + "/?useSSL=false&allowPublicKeyRetrieval=true&useUnicode=true"
                + "&characterEncoding=UTF-8&connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true"
                + "&connectTimeout=10000&tcpKeepAlive=true&zeroDateTimeBehavior=CONVERT_TO_NULL"
                // The driver parses every statement it prepares; the multi-row statements are
                // long and repeat, so keep the parsed forms.
                + "&cachePrepStmts=true&prepStmtCacheSize=128&prepStmtCacheSqlLimit=4194304"
                // Batched inserts (the progress records of a commit) go as one multi-row
                // statement instead of one round trip each; TiDB recommends it too.
                + "&rewriteBatchedStatements=true";
    }

    public String address() {
        return hostname + ":" + port;
    }

    @Override
    public String toString() {
        return role + " " + username + "@" + address();
    }
}
