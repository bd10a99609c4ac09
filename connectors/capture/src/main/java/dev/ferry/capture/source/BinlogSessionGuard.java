package dev.ferry.capture.source;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Fails the binlog reader when its binlog session ends or is replaced while the reader runs, so
 * that the job restarts from its last checkpoint (at a transaction boundary) instead of going on
 * where the lost session stopped.
 *
 * <p>Why: mysql-binlog-connector's keep-alive thread restores a session it takes for lost (no event
 * for {@code connect.keep.alive.interval.ms}, which a reader stalled by backpressure also looks
 * like) by connecting again at the position after the last event it handed on: inside a
 * transaction, without its BEGIN. Debezium skips already-emitted events of a transaction only when
 * a task starts from a stored offset, not on this in-process reconnect, and a bank transfer was
 * seen split downstream. A session that simply ends (the upstream restarted and closed it cleanly)
 * would otherwise leave the reader silent until that keep-alive reconnects.
 *
 * <p>The session that replaces a lost one is refused (its {@code onConnect} throws), so that none
 * of its events reach the queue before the failure restarts the job.
 */
public final class BinlogSessionGuard implements BinaryLogClient.LifecycleListener {
    private static final long NONE = -1;

    private final String endpoint;
    private final BooleanSupplier readerRunning;
    private final Consumer<Throwable> failReader;

    /** The server's id of the session the reader started with; -1 until it is known. */
    private final AtomicLong firstSession = new AtomicLong(NONE);

    private final AtomicBoolean lost = new AtomicBoolean();

    /**
     * @param endpoint the upstream's host:port, for the errors
     * @param readerRunning whether the binlog reader is meant to read (false once Flink CDC stops
     *     it, so that its own disconnect is not taken for a lost session)
     * @param failReader makes the reader's next poll fail with the given cause
     */
    public BinlogSessionGuard(
            String endpoint, BooleanSupplier readerRunning, Consumer<Throwable> failReader) {
        this.endpoint = endpoint;
        this.readerRunning = readerRunning;
        this.failReader = failReader;
    }

    /**
     * Takes the client's current session as the first one, if it opened one before this guard was
     * listening (a guard attached after the reader started).
     */
    public void sessionOpenedBefore(BinaryLogClient client) {
        if (client.isConnected()) {
            firstSession.compareAndSet(NONE, client.getConnectionId());
        }
    }

    @Override
    public void onConnect(BinaryLogClient client) {
        if (!readerRunning.getAsBoolean()) {
            return;
        }
        long session = client.getConnectionId();
        if (!firstSession.compareAndSet(NONE, session) && firstSession.get() != session
                || lost.get()) {
            BinlogSessionLostException refused =
                    new BinlogSessionLostException(
                            "The binlog client reconnected to "
                                    + endpoint
                                    + " at "
                                    + position(client)
                                    + ", possibly inside a transaction; the capture restarts from"
                                    + " its last checkpoint instead, which is at a transaction"
                                    + " boundary. Nothing is lost or doubled. If this repeats,"
                                    + " look for stalls (a Kafka outage) longer than"
                                    + " capture.binlog.keep-alive-interval or an unstable"
                                    + " upstream link.");
            lose(refused);
            throw refused;
        }
    }

    @Override
    public void onDisconnect(BinaryLogClient client) {
        if (readerRunning.getAsBoolean()) {
            lose(
                    new BinlogSessionLostException(
                            "The binlog connection to "
                                    + endpoint
                                    + " ended at "
                                    + position(client)
                                    + " while the capture was reading (the upstream restarted"
                                    + " or the link was cut); the capture restarts from its last"
                                    + " checkpoint, which is at a transaction boundary. Nothing is"
                                    + " lost or doubled."));
        }
    }

    @Override
    public void onCommunicationFailure(BinaryLogClient client, Exception ex) {
        // Debezium's own listener fails the reader with this exception already.
    }

    @Override
    public void onEventDeserializationFailure(BinaryLogClient client, Exception ex) {
        // Debezium's own listener handles it per event.deserialization.failure.handling.mode.
    }

    private void lose(BinlogSessionLostException cause) {
        if (!lost.getAndSet(true)) {
            failReader.accept(cause);
        }
    }

    private static String position(BinaryLogClient client) {
        return client.getBinlogFilename() + ":" + client.getBinlogPosition();
    }

    /** The binlog session the reader relied on is gone; the job must restart from a checkpoint. */
    public static final class BinlogSessionLostException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        BinlogSessionLostException(String message) {
            super(message);
        }
    }
}
