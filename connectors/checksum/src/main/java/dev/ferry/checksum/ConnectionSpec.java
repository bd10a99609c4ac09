package dev.ferry.checksum;

import dev.ferry.jdbc.tls.TlsConfig;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * How the command line reaches one side: a {@code jdbc:mysql:} URL, a user, an optional password
 * and TLS. Its {@code toString} never shows the password.
 */
record ConnectionSpec(String role, String url, String user, String password, TlsConfig tls) {

    ConnectionSpec(String role, String url, String user, String password) {
        this(role, url, user, password, TlsConfig.PREFERRED);
    }

    private static final Driver DRIVER = newDriver();

    private static Driver newDriver() {
        try {
            return new com.mysql.cj.jdbc.Driver();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot load the MySQL JDBC driver", e);
        }
    }

    /** Opens a connection; the password travels as a property, never inside the URL. */
    Connection open() throws SQLException {
        Properties properties = new Properties();
        // TLS settings in the URL (sslMode, useSSL, key store URLs) win over --ROLE-tls-*.
        String lowerUrl = url.toLowerCase(Locale.ROOT);
        if (!lowerUrl.contains("sslmode=") && !lowerUrl.contains("usessl=")) {
            properties.putAll(tls.driverProperties());
        }
        properties.setProperty("user", user);
        if (password != null) {
            properties.setProperty("password", password);
        }
        // utf8mb4 on the wire, or emoji would arrive as '?' on both sides and compare equal.
        setUnlessInUrl(properties, "characterEncoding", "UTF-8");
        // Fail a connection to an unreachable host within seconds rather than hang.
        setUnlessInUrl(properties, "connectTimeout", "10000");
        // Not DriverManager: it hands a driver only to the class loader that registered it.
        Connection connection = DRIVER.connect(url, properties);
        if (connection == null) {
            throw new SQLException("not a jdbc:mysql: URL");
        }
        return connection;
    }

    /** {@code host:port} from the URL, without any user info; for messages. */
    String hostAndPort() {
        String rest = url.substring(url.indexOf("//") < 0 ? 0 : url.indexOf("//") + 2);
        int end = rest.length();
        for (char stop : new char[] {'/', '?'}) {
            int index = rest.indexOf(stop);
            if (index >= 0 && index < end) {
                end = index;
            }
        }
        String authority = rest.substring(0, end);
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        if (authority.isEmpty()) {
            return "localhost:3306";
        }
        return authority.contains(":") || authority.contains(",") ? authority : authority + ":3306";
    }

    private void setUnlessInUrl(Properties properties, String name, String value) {
        if (!url.toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT) + "=")) {
            properties.setProperty(name, value);
        }
    }

    @Override
    public String toString() {
        return role + " " + user + "@" + hostAndPort();
    }
}
