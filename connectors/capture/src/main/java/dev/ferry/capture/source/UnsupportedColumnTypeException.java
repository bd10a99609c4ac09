package dev.ferry.capture.source;

/** A column whose values the envelope cannot carry. */
public final class UnsupportedColumnTypeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnsupportedColumnTypeException(String message) {
        super(message);
    }
}
