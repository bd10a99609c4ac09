package dev.ferry.apply.sink;

import dev.ferry.apply.source.EnvelopeParser;
import dev.ferry.apply.source.RawChange;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.heartbeat.HeartbeatTable;
import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.util.Collector;

/**
 * Sends a copy of every heartbeat change to each of the row-mode writers, addressed to it ({@link
 * RawChange#writer}), so that every writer learns the time of each heartbeat; only the writer its
 * key routes to writes the row. Other changes pass through unaddressed, routed by key. Runs before
 * the shuffle, on the reader's side: a heartbeat follows, on each reader-to-writer channel, every
 * change that reader read before it.
 */
public final class HeartbeatFanOut extends RichFlatMapFunction<RawChange, RawChange> {
    private static final long serialVersionUID = 1L;

    /** How a heartbeat's record key starts; only such records are parsed to check their table. */
    private static final byte[] KEY_PREFIX =
            ("{\"" + HeartbeatTable.SOURCE + "\":").getBytes(StandardCharsets.UTF_8);

    private final HeartbeatTable heartbeat;
    private final int writers;
    private transient EnvelopeParser parser;

    public HeartbeatFanOut(HeartbeatTable heartbeat, int writers) {
        this.heartbeat = heartbeat;
        this.writers = writers;
    }

    @Override
    public void flatMap(RawChange change, Collector<RawChange> out) {
        if (!mayBeHeartbeat(change.key) || !isHeartbeat(change)) {
            out.collect(change);
            return;
        }
        for (int writer = 0; writer < writers; writer++) {
            RawChange copy =
                    new RawChange(
                            change.topic,
                            change.partition,
                            change.offset,
                            change.key,
                            change.value);
            copy.writer = writer;
            out.collect(copy);
        }
    }

    static boolean mayBeHeartbeat(byte[] key) {
        if (key == null || key.length < KEY_PREFIX.length) {
            return false;
        }
        for (int i = 0; i < KEY_PREFIX.length; i++) {
            if (key[i] != KEY_PREFIX[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean isHeartbeat(RawChange change) {
        if (parser == null) {
            parser = new EnvelopeParser();
        }
        ChangeEvent event;
        try {
            event = parser.parse(change);
        } catch (RuntimeException poison) {
            return false; // the writer reports it, or sends it to the dead-letter topic
        }
        return heartbeat.is(event.table().database(), event.table().table());
    }
}
