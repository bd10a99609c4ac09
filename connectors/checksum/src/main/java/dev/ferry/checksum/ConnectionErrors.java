package dev.ferry.checksum;

import dev.ferry.jdbc.tls.TlsFailure;
import java.sql.SQLException;

/** Turns a failed connection attempt into one printable line naming the side and its address. */
final class ConnectionErrors {

    private ConnectionErrors() {}

    /**
     * {@code error: cannot connect to source 127.0.0.1:3307: Connection refused}, or {@code error:
     * source 127.0.0.1:3307: Access denied for user ..}; never contains a password.
     */
    static String describe(ConnectionSpec side, SQLException error, Redactor redactor) {
        String where = side.role() + " " + side.hostAndPort();
        TlsFailure tls = TlsFailure.of(error);
        if (tls != null) {
            String option = "--" + side.role() + "-tls-";
            return redactor.redact(
                    "error: TLS handshake with "
                            + where
                            + " failed: "
                            + tls.detail()
                            + (tls.kind() == TlsFailure.Kind.UNTRUSTED
                                    ? ". Give the CA that signed the server's certificate in "
                                            + option
                                            + "ca"
                                    : ". Check " + option + "mode and " + option + "ca"));
        }
        String state = error.getSQLState();
        // SQLState class 08 is "connection exception": the driver's own message is a paragraph
        // about packets, while the root cause (Connection refused, unknown host) says what
        // happened.
        if (state != null && state.startsWith("08")) {
            return redactor.redact("error: cannot connect to " + where + ": " + rootCause(error));
        }
        return redactor.redact("error: " + where + ": " + firstLine(error.getMessage()));
    }

    static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "unknown error";
        }
        return message.strip().lines().findFirst().orElse("unknown error");
    }

    private static String rootCause(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = firstLine(root.getMessage());
        if (root == error) {
            return message;
        }
        return message.equals("unknown error") ? root.getClass().getSimpleName() : message;
    }
}
