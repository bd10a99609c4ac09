package dev.ferry.jdbc.tls;

import java.security.cert.CertificateException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/** What went wrong in a TLS handshake, recognized in a connection failure's causes. */
public record TlsFailure(Kind kind, String detail) {
    /** The kinds a user fixes differently. */
    public enum Kind {
        /** The server's certificate is not signed by a trusted CA. */
        UNTRUSTED,
        /** The certificate is not for the host name connected to. */
        WRONG_HOST,
        /** Any other handshake failure. */
        HANDSHAKE
    }

    /** The TLS failure among {@code error}'s causes; null when it is none. */
    public static TlsFailure of(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage() == null ? "" : cause.getMessage();
            String lower = message.toLowerCase(Locale.ROOT);
            String detail = firstLine(message);
            if (lower.contains("pkix path")
                    || lower.contains("trust anchor")
                    || lower.contains("unable to find valid certification path")
                    || lower.contains("signature check failed")) {
                return new TlsFailure(Kind.UNTRUSTED, detail);
            }
            if (lower.contains("no subject alternative")
                    || lower.contains("does not match the host")
                    || lower.contains("server identity")) {
                return new TlsFailure(Kind.WRONG_HOST, detail);
            }
            if (cause instanceof SSLException || cause instanceof CertificateException) {
                return new TlsFailure(Kind.HANDSHAKE, detail);
            }
        }
        return null;
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
