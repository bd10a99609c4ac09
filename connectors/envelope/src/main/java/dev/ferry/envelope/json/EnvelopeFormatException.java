package dev.ferry.envelope.json;

/** A Kafka record that is not a valid change envelope. */
public final class EnvelopeFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EnvelopeFormatException(String message) {
        super(message);
    }

    public EnvelopeFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
