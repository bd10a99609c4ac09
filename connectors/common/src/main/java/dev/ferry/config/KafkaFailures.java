package dev.ferry.config;

/**
 * What to do about a Kafka client's failure to reach the cluster: credentials refused, a TLS
 * handshake that failed, or no broker at all. Recognizes the clients' exceptions by name, so this
 * module needs no Kafka dependency; names options, never their values.
 */
public final class KafkaFailures {
    private KafkaFailures() {}

    /** The advice sentence for a failure whose cause chain is {@code error}. */
    public static String advice(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            String name = cause.getClass().getSimpleName();
            if (name.equals("SaslAuthenticationException")
                    || name.equals("IllegalSaslStateException")
                    || name.equals("UnsupportedSaslMechanismException")) {
                return "The broker refused the client's credentials: check the user and password in"
                        + " kafka.properties.sasl.jaas.config and kafka.properties.sasl.mechanism.";
            }
            if (name.equals("SslAuthenticationException")) {
                return "The TLS handshake with the broker failed: check"
                        + " kafka.properties.ssl.truststore.location (the CA of the broker's"
                        + " certificate) and kafka.properties.security.protocol.";
            }
        }
        return "Is the broker running, and are kafka.bootstrap-servers and"
                + " kafka.properties.security.protocol right?";
    }

    /** The first line of the failure's own message, for the error text. */
    public static String describe(Throwable error) {
        String message = error.getMessage();
        if (message == null || message.isBlank()) {
            return error.getClass().getSimpleName();
        }
        int newline = message.indexOf('\n');
        return error.getClass().getSimpleName()
                + ": "
                + (newline < 0 ? message : message.substring(0, newline));
    }
}
