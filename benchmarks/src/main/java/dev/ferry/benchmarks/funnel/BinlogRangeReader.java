package dev.ferry.benchmarks.funnel;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import com.github.shyiko.mysql.binlog.event.DeleteRowsEventData;
import com.github.shyiko.mysql.binlog.event.Event;
import com.github.shyiko.mysql.binlog.event.EventData;
import com.github.shyiko.mysql.binlog.event.EventHeaderV4;
import com.github.shyiko.mysql.binlog.event.EventType;
import com.github.shyiko.mysql.binlog.event.RotateEventData;
import com.github.shyiko.mysql.binlog.event.UpdateRowsEventData;
import com.github.shyiko.mysql.binlog.event.WriteRowsEventData;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDeserializer;
import com.github.shyiko.mysql.binlog.event.deserialization.EventDeserializer.CompatibilityMode;
import com.github.shyiko.mysql.binlog.event.deserialization.NullEventDataDeserializer;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads a range of the upstream's binlog over the replication protocol with the binlog client Flink
 * CDC's MySQL source is built on (mysql-binlog-connector-java), as a replica would, and counts it.
 * {@link Mode#RAW} frames the events and skips their bodies: the network-read stage. {@link
 * Mode#PARSE} also decodes every body, row images included, with the compatibility modes Debezium
 * sets: the event-parse stage.
 */
public final class BinlogRangeReader {
    /** How much of each event is decoded. */
    public enum Mode {
        RAW,
        PARSE
    }

    /** Set on events the server makes up for the stream (a rotate to the start file). */
    private static final int LOG_EVENT_ARTIFICIAL_F = 0x20;

    private final DatabaseEndpoint upstream;
    private final long serverId;

    public BinlogRangeReader(DatabaseEndpoint upstream, long serverId) {
        this.upstream = upstream;
        this.serverId = serverId;
    }

    /** Reads from {@code from} (inclusive) to {@code to} (exclusive) and returns the counts. */
    public BinlogCounter read(BinlogPosition from, BinlogPosition to, Mode mode, Duration timeout)
            throws Exception {
        BinaryLogClient client =
                new BinaryLogClient(
                        upstream.hostname(),
                        upstream.port(),
                        upstream.username(),
                        upstream.password());
        client.setServerId(serverId);
        client.setBinlogFilename(from.file());
        client.setBinlogPosition(from.offset());
        client.setKeepAlive(false);
        client.setEventDeserializer(deserializer(mode));
        BinlogCounter counter = new BinlogCounter();
        CountDownLatch reachedEnd = new CountDownLatch(1);
        RangeListener listener = new RangeListener(from, to, counter, reachedEnd);
        client.registerEventListener(listener);
        client.connect(timeout.toMillis());
        try {
            if (!reachedEnd.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new TimeoutException(
                        "the binlog did not reach "
                                + to
                                + " within "
                                + timeout
                                + "; at "
                                + listener.at());
            }
        } finally {
            client.disconnect();
        }
        return counter;
    }

    private static EventDeserializer deserializer(Mode mode) {
        EventDeserializer deserializer = new EventDeserializer();
        if (mode == Mode.PARSE) {
            deserializer.setCompatibilityMode(
                    CompatibilityMode.DATE_AND_TIME_AS_LONG_MICRO,
                    CompatibilityMode.CHAR_AND_BINARY_AS_BYTE_ARRAY,
                    CompatibilityMode.INVALID_DATE_AND_TIME_AS_MIN_VALUE);
            return deserializer;
        }
        for (EventType type : EventType.values()) {
            // The rotate names the next file; the format description sets the checksum length.
            if (type != EventType.ROTATE && type != EventType.FORMAT_DESCRIPTION) {
                deserializer.setEventDataDeserializer(type, new NullEventDataDeserializer());
            }
        }
        return deserializer;
    }

    /** Counts the events inside the range and signals when the range's end went by. */
    private static final class RangeListener implements BinaryLogClient.EventListener {
        private final BinlogPosition from;
        private final BinlogPosition to;
        private final BinlogCounter counter;
        private final CountDownLatch reachedEnd;
        private volatile String file;
        private volatile long offset;

        RangeListener(
                BinlogPosition from,
                BinlogPosition to,
                BinlogCounter counter,
                CountDownLatch reachedEnd) {
            this.from = from;
            this.to = to;
            this.counter = counter;
            this.reachedEnd = reachedEnd;
            this.file = from.file();
        }

        @Override
        public void onEvent(Event event) {
            EventHeaderV4 header = event.getHeader();
            if ((header.getFlags() & LOG_EVENT_ARTIFICIAL_F) != 0
                    || header.getNextPosition() == 0) {
                return;
            }
            long start = header.getNextPosition() - header.getEventLength();
            BinlogPosition position = new BinlogPosition(file, start);
            if (reachedEnd.getCount() > 0
                    && position.compareTo(from) >= 0
                    && position.compareTo(to) < 0) {
                EventType type = header.getEventType();
                counter.add(
                        header.getEventLength(),
                        EventType.isRowMutation(type),
                        rows(event.getData()),
                        type == EventType.XID,
                        System.currentTimeMillis());
            }
            offset = header.getNextPosition();
            if (event.getData() instanceof RotateEventData rotate) {
                file = rotate.getBinlogFilename();
                offset = rotate.getBinlogPosition();
            }
            if (new BinlogPosition(file, offset).compareTo(to) >= 0) {
                reachedEnd.countDown();
            }
        }

        String at() {
            return file + ":" + offset;
        }

        private static long rows(EventData data) {
            if (data instanceof WriteRowsEventData write) {
                return write.getRows().size();
            }
            if (data instanceof UpdateRowsEventData update) {
                return update.getRows().size();
            }
            if (data instanceof DeleteRowsEventData delete) {
                return delete.getRows().size();
            }
            return 0;
        }
    }
}
