package dev.ferry.config;

/**
 * A problem the user can fix (a missing option, bad credentials, an unsupported table): its message
 * names the problem and what to do, and the command line prints it without a stack trace.
 */
public class FerryConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FerryConfigException(String message) {
        super(message);
    }

    public FerryConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
