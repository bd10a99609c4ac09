package dev.ferry.apply.assembly;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.json.ChangeEventDeserializer;
import dev.ferry.envelope.json.ChangeEventSerializer;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The changes of one transaction too large to hold in memory, as envelopes on local disk: appended
 * while the transaction is assembled, read back in chunks while it is applied, deleted after.
 */
public final class SpillFile implements AutoCloseable {
    private static final ChangeEventSerializer SERIALIZER = new ChangeEventSerializer("ferry");

    private final Path path;
    private DataOutputStream out;
    private long events;

    public SpillFile(Path directory, String name) {
        try {
            Files.createDirectories(directory);
            this.path = Files.createTempFile(directory, name, ".spill");
            this.out =
                    new DataOutputStream(
                            new BufferedOutputStream(Files.newOutputStream(path), 1 << 16));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot spill a large transaction to "
                            + directory
                            + " ("
                            + e.getMessage()
                            + "): set apply.spill-dir to a writable local directory",
                    e);
        }
    }

    public void append(ChangeEvent event) {
        try {
            write(SERIALIZER.serializeKey(event));
            write(SERIALIZER.serializeValue(event));
            events++;
        } catch (IOException e) {
            throw new UncheckedIOException("spilling to " + path + " failed", e);
        }
    }

    private void write(byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    public long events() {
        return events;
    }

    public Path path() {
        return path;
    }

    /** Reads the changes back in order, {@code chunk} at a time; call again to re-read. */
    public Reader read(int chunk) {
        try {
            out.flush();
            return new Reader(
                    new DataInputStream(
                            new BufferedInputStream(Files.newInputStream(path), 1 << 16)),
                    chunk);
        } catch (IOException e) {
            throw new UncheckedIOException("reading spilled changes from " + path + " failed", e);
        }
    }

    @Override
    public void close() {
        try {
            if (out != null) {
                out.close();
                out = null;
            }
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }

    /** Reads spilled changes a chunk at a time. */
    public static final class Reader implements AutoCloseable {
        private final ChangeEventDeserializer deserializer = new ChangeEventDeserializer();
        private final DataInputStream in;
        private final int chunk;

        Reader(DataInputStream in, int chunk) {
            this.in = in;
            this.chunk = chunk;
        }

        /** The next changes, at most {@code chunk} of them; empty at the end. */
        public List<ChangeEvent> next() {
            List<ChangeEvent> events = new ArrayList<>(chunk);
            try {
                while (events.size() < chunk) {
                    int keyLength;
                    try {
                        keyLength = in.readInt();
                    } catch (EOFException end) {
                        break;
                    }
                    byte[] key = in.readNBytes(keyLength);
                    byte[] value = in.readNBytes(in.readInt());
                    events.add(deserializer.deserialize(key, value));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("reading spilled changes failed", e);
            }
            return events;
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException ignored) {
                // read-only
            }
        }
    }
}
