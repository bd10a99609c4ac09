package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionErrorsTest {

    private static final ConnectionSpec TARGET =
            new ConnectionSpec("target", "jdbc:mysql://db.example:4000/shop", "app", "pw-9f8e");
    private static final Redactor REDACTOR = new Redactor(List.of("pw-9f8e"));

    @Test
    void accessDeniedKeepsTheServersMessage() {
        SQLException denied =
                new SQLException(
                        "Access denied for user 'app'@'10.0.0.2' (using password: YES)", "28000");

        assertThat(ConnectionErrors.describe(TARGET, denied, REDACTOR))
                .isEqualTo(
                        "error: target db.example:4000: Access denied for user 'app'@'10.0.0.2'"
                                + " (using password: YES)");
    }

    @Test
    void communicationFailureShowsTheRootCause() {
        SQLException failure =
                new SQLException(
                        "Communications link failure\n\nThe last packet sent successfully...",
                        "08S01",
                        new UnknownHostException("db.example: Name or service not known"));

        assertThat(ConnectionErrors.describe(TARGET, failure, REDACTOR))
                .isEqualTo(
                        "error: cannot connect to target db.example:4000:"
                                + " db.example: Name or service not known");
    }

    @Test
    void passwordsInDriverMessagesAreMasked() {
        SQLException failure =
                new SQLException(
                        "No suitable driver found for jdbc:mysql://app:pw-9f8e@h/?password=pw-9f8e",
                        "08001");

        assertThat(ConnectionErrors.describe(TARGET, failure, REDACTOR))
                .doesNotContain("pw-9f8e")
                .contains("****");
    }

    @Test
    void hostAndPortComesFromTheUrl() {
        assertThat(spec("jdbc:mysql://127.0.0.1:3307/").hostAndPort()).isEqualTo("127.0.0.1:3307");
        assertThat(spec("jdbc:mysql://db/shop?useSSL=false").hostAndPort()).isEqualTo("db:3306");
        assertThat(spec("jdbc:mysql://u:p@db:4000?x=y").hostAndPort()).isEqualTo("db:4000");
        assertThat(spec("jdbc:mysql:///shop").hostAndPort()).isEqualTo("localhost:3306");
    }

    private static ConnectionSpec spec(String url) {
        return new ConnectionSpec("source", url, "u", null);
    }
}
