package dev.ferry.saga.command;

/**
 * A start command that cannot run; the saga ends FAILED with this message as its reason.
 *
 * @see SagaCommandParser
 */
public final class InvalidCommandException extends RuntimeException {
    private final String gid;

    InvalidCommandException(String gid, String message) {
        super(message);
        this.gid = gid;
    }

    /** The command's global id, or null when even that could not be read. */
    public String gid() {
        return gid;
    }
}
