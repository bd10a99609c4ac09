package dev.ferry.apply.progress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class PartitionOffsetListTest {

    @Test
    void eachTopicWritesOnlyWhatItDoesNotShareWithTheOneBefore() {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        offsets.put(new TopicPartition("ferry.shop.orders", 0), 41L);
        offsets.put(new TopicPartition("ferry.shop.order_lines", 2), 7L);
        offsets.put(new TopicPartition("ferry-transactions", 0), 99L);

        String text = PartitionOffsetList.format(offsets);

        assertThat(text).isEqualTo(">0~ferry-transactions:0@99 5~.shop.order_lines:2@7 16~s:0@41");
        assertThat(PartitionOffsetList.parse(text)).isEqualTo(offsets);
    }

    @Test
    void aCommitOverThousandsOfTopicsFitsItsColumnAndReadsBack() {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (int table = 0; table < 5_000; table++) {
            offsets.put(
                    new TopicPartition("ferry.sbtest_many_tables.sbtest" + table, table % 3),
                    9_000_000_000L + table);
        }
        offsets.put(new TopicPartition("ferry-transactions", 0), 123_456_789L);

        String text = PartitionOffsetList.format(offsets);

        assertThat(PartitionOffsetList.parse(text)).isEqualTo(offsets);
        // The prefix the change topics share is not repeated, and the text stays far below a
        // MEDIUMTEXT column's 16 MB: under 24 bytes per partition, where a topic name is 30.
        assertThat(text.split("many_tables", -1)).hasSize(2);
        assertThat(text.length()).isLessThan(5_001 * 24);
    }

    @Test
    void topicsWithNothingInCommon() {
        Map<TopicPartition, Long> offsets =
                Map.of(
                        new TopicPartition("a", 0), 1L,
                        new TopicPartition("b-2", 7), 2L,
                        new TopicPartition("ab", 1), 3L);

        assertThat(PartitionOffsetList.parse(PartitionOffsetList.format(offsets)))
                .isEqualTo(offsets);
    }

    @Test
    void theEarlierFormatIsStillRead() {
        assertThat(PartitionOffsetList.parse("ferry.db.t:0@5;ferry-transactions:0@9;"))
                .isEqualTo(
                        Map.of(
                                new TopicPartition("ferry.db.t", 0), 5L,
                                new TopicPartition("ferry-transactions", 0), 9L));
    }

    @Test
    void noPartitionsAndBadEntries() {
        assertThat(PartitionOffsetList.parse(PartitionOffsetList.format(Map.of()))).isEmpty();
        assertThatThrownBy(() -> PartitionOffsetList.parse(">0~ferry.t0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("t0");
    }
}
