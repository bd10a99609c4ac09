package dev.ferry.jdbc;

import dev.ferry.jdbc.tls.TlsConfig;
import java.io.Serializable;

/**
 * Where and as whom to connect to a MySQL-protocol server, and with what TLS. {@link #toString()}
 * never shows the password or a key, so an endpoint can be logged or put in an error message.
 *
 * @param role "upstream" or "downstream", used in error messages
 * @param tls how connections use TLS; null means {@link TlsConfig#PREFERRED}
 */
public record DatabaseEndpoint(
        String role, String hostname, int port, String username, String password, TlsConfig tls)
        implements Serializable {

    public DatabaseEndpoint {
        tls = tls == null ? TlsConfig.PREFERRED : tls;
    }

    /** An endpoint with the MySQL clients' default TLS mode, preferred. */
    public DatabaseEndpoint(
            String role, String hostname, int port, String username, String password) {
        this(role, hostname, port, username, password, TlsConfig.PREFERRED);
    }

    /** The same server and user with another TLS configuration. */
    public DatabaseEndpoint withTls(TlsConfig tls) {
        return new DatabaseEndpoint(role, hostname, port, username, password, tls);
    }

    /**
     * A {@code jdbc:mysql:} URL without credentials or TLS settings (those are {@link
     * TlsConfig#driverProperties()}); works for MySQL, MariaDB and TiDB.
     */
    public String jdbcUrl() {
        return "jdbc:mysql://"
                + hostname
                + ":"
                + port
                + "/?allowPublicKeyRetrieval=true&useUnicode=true"
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
