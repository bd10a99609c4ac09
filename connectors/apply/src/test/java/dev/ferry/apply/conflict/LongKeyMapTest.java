package dev.ferry.apply.conflict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongKeyMapTest {

    @Test
    void removesOnlyWhenTheKeyStillMapsToTheSameObject() {
        LongKeyMap<String> map = new LongKeyMap<>();
        String first = new String("tx 1");
        String second = new String("tx 2");
        map.put(0L, first);
        map.put(0L, second); // a later transaction touched the key
        map.remove(0L, first);
        assertThat(map.get(0L)).isSameAs(second);
        map.remove(0L, second);
        assertThat(map.get(0L)).isNull();
        assertThat(map.size()).isZero();
    }

    @Test
    void agreesWithAHashMapThroughGrowthAndDeletionsInCollidingRuns() {
        Random random = new Random(3);
        LongKeyMap<Long> map = new LongKeyMap<>();
        Map<Long, Long> expected = new HashMap<>();
        List<Long> keys = new ArrayList<>();
        for (int step = 0; step < 200_000; step++) {
            // Few distinct keys, many of them multiples of a power of two: long probe runs.
            long key =
                    random.nextBoolean() ? random.nextInt(5_000) : (long) random.nextInt(500) << 20;
            if (random.nextInt(3) > 0) {
                Long value = (long) step;
                map.put(key, value);
                expected.put(key, value);
                keys.add(key);
            } else {
                Long current = expected.get(key);
                map.remove(key, current == null ? Long.valueOf(-1) : current);
                expected.remove(key);
            }
            if (step % 1000 == 0) {
                for (long k : keys) {
                    assertThat(map.get(k)).isEqualTo(expected.get(k));
                }
                keys.clear();
            }
        }
        assertThat(map.size()).isEqualTo(expected.size());
        expected.forEach((k, v) -> assertThat(map.get(k)).isSameAs(v));
    }
}
