package dev.ferry.envelope.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.util.BufferRecycler;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

class SingleRecyclerPoolTest {
    private final SingleRecyclerPool pool = new SingleRecyclerPool();

    @Test
    void handsBackTheBuffersReleasedLast() {
        BufferRecycler first = pool.acquirePooled();
        pool.releasePooled(first);
        assertThat(pool.acquirePooled()).isSameAs(first);
    }

    @Test
    void aSecondUserAtTheSameTimeGetsItsOwn() {
        BufferRecycler first = pool.acquirePooled();
        BufferRecycler second = pool.acquirePooled();
        assertThat(second).isNotSameAs(first);
    }

    @Test
    void readBackFromJavaSerializationItStillWorks() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(pool);
        }
        SingleRecyclerPool copy;
        try (ObjectInputStream in =
                new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = (SingleRecyclerPool) in.readObject();
        }
        BufferRecycler recycler = copy.acquirePooled();
        copy.releasePooled(recycler);
        assertThat(copy.acquirePooled()).isSameAs(recycler);
    }
}
