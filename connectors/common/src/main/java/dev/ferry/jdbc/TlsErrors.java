package dev.ferry.jdbc;

import dev.ferry.config.FerryConfigException;
import dev.ferry.jdbc.tls.TlsFailure;
import dev.ferry.jdbc.tls.TlsMode;
import dev.ferry.options.TlsOptions;
import java.sql.SQLException;

/**
 * Recognizes the failures of a connection that TLS settings cause (a certificate that does not
 * verify, a server that requires TLS) and says which option to change.
 */
final class TlsErrors {
    private TlsErrors() {}

    /** A user-facing error when {@code e} is a TLS problem; null otherwise. */
    static FerryConfigException explain(DatabaseEndpoint endpoint, SQLException e) {
        TlsOptions.Group options = TlsOptions.forRole(endpoint.role().split(" ")[0]);
        String where = endpoint.role() + " " + endpoint.address();
        TlsFailure failure = TlsFailure.of(e);
        if (failure != null) {
            String advice =
                    switch (failure.kind()) {
                        case UNTRUSTED ->
                                "the server's certificate is not signed by a CA in "
                                        + (endpoint.tls().caPem() == null
                                                ? "the JVM's trust store"
                                                : options.ca().key())
                                        + " ("
                                        + failure.detail()
                                        + "). Give the CA that signed the server's certificate in "
                                        + options.ca().key()
                                        + ".";
                        case WRONG_HOST ->
                                "the server's certificate is not for this host name ("
                                        + failure.detail()
                                        + "). Connect by a name the certificate holds, or set "
                                        + options.mode().key()
                                        + " to verify_ca.";
                        case HANDSHAKE ->
                                "("
                                        + failure.detail()
                                        + "). Check "
                                        + options.prefix()
                                        + ".mode, .ca, .cert and .key against the server's TLS"
                                        + " set-up.";
                    };
            return new FerryConfigException(where + ": TLS handshake failed, " + advice);
        }
        // MariaDB answers a plain login to a require_secure_transport server as a wrong password.
        if (e.getErrorCode() == 1045 && endpoint.tls().mode() == TlsMode.DISABLED) {
            return new FerryConfigException(
                    endpoint.role()
                            + ": access denied for user '"
                            + endpoint.username()
                            + "' at "
                            + endpoint.address()
                            + " over a plain connection ("
                            + options.mode().key()
                            + " is 'disabled'). If the server requires TLS"
                            + " (require_secure_transport=ON, or the user REQUIRE SSL), set "
                            + options.mode().key()
                            + " to verify_ca with "
                            + options.ca().key()
                            + "; otherwise check "
                            + endpoint.role()
                            + ".username and "
                            + endpoint.role()
                            + ".password.");
        }
        if (e.getMessage() != null && e.getMessage().contains("insecure transport")) {
            // MySQL's answer (ER_SECURE_TRANSPORT_REQUIRED).
            return new FerryConfigException(
                    where
                            + " requires TLS (require_secure_transport=ON), but "
                            + options.mode().key()
                            + " is '"
                            + endpoint.tls().mode().optionValue()
                            + "'. Set it to verify_ca with "
                            + options.ca().key()
                            + ".");
        }
        return null;
    }
}
