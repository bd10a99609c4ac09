package dev.ferry.apply.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PendingOffsetsTest {

    @Test
    void theOldestUncommittedOffsetIsWhereARestartReads() {
        PendingOffsets pending = new PendingOffsets();
        assertThat(pending.oldest()).isEqualTo(-1);
        pending.opened(5);
        pending.opened(9);
        pending.opened(12);

        pending.committed(9);
        assertThat(pending.oldest()).as("an older unit is not committed").isEqualTo(5);
        pending.committed(5);
        assertThat(pending.oldest()).isEqualTo(12);
        pending.committed(12);
        assertThat(pending.oldest()).isEqualTo(-1);
    }

    @Test
    void agreesWithASortedMapOverManyOutOfOrderCommitsAndGrowth() {
        Random random = new Random(11);
        PendingOffsets pending = new PendingOffsets();
        TreeMap<Long, Integer> expected = new TreeMap<>();
        List<Long> open = new ArrayList<>();
        long offset = 0;
        for (int step = 0; step < 20_000; step++) {
            if (open.isEmpty() || random.nextInt(3) > 0) {
                offset += 1 + random.nextInt(4);
                // Now and then an offset out of order, or one opened twice.
                long at =
                        random.nextInt(50) == 0 ? Math.max(0, offset - random.nextInt(20)) : offset;
                pending.opened(at);
                expected.merge(at, 1, Integer::sum);
                open.add(at);
            } else {
                Collections.swap(open, random.nextInt(open.size()), open.size() - 1);
                long done = open.remove(open.size() - 1);
                pending.committed(done);
                expected.computeIfPresent(done, (k, n) -> n == 1 ? null : n - 1);
            }
            assertThat(pending.oldest()).isEqualTo(expected.isEmpty() ? -1 : expected.firstKey());
        }
    }
}
