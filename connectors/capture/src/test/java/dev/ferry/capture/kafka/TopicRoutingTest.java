package dev.ferry.capture.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import org.junit.jupiter.api.Test;

class TopicRoutingTest {
    @Test
    void namesTopicsFromThePattern() {
        TopicRouting routing =
                new TopicRouting("ferry.{database}.{table}", TopicRouting.PartitionBy.TABLE);

        assertThat(routing.topicOf(TableId.of("shop", "order lines")))
                .isEqualTo("ferry.shop.order_lines");
    }

    @Test
    void byTableKeepsATableOnOnePartition() {
        TopicRouting routing = new TopicRouting("all", TopicRouting.PartitionBy.TABLE);
        TableId table = TableId.of("shop", "orders");
        int[] partitions = {0, 1, 2, 3};

        int first = routing.partitionOf(table, new byte[] {1}, partitions);
        for (byte key = 2; key < 50; key++) {
            assertThat(routing.partitionOf(table, new byte[] {key}, partitions)).isEqualTo(first);
        }
    }

    @Test
    void byKeySpreadsRows() {
        TopicRouting routing = new TopicRouting("all", TopicRouting.PartitionBy.KEY);
        TableId table = TableId.of("shop", "orders");
        java.util.Set<Integer> used = new java.util.HashSet<>();
        for (byte key = 0; key < 50; key++) {
            used.add(routing.partitionOf(table, new byte[] {key, 7}, new int[] {0, 1, 2, 3}));
        }
        assertThat(used).hasSizeGreaterThan(1);
    }

    @Test
    void rejectsBadInput() {
        assertThatThrownBy(
                        () -> new TopicRouting("bad topic/{table}", TopicRouting.PartitionBy.KEY))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("kafka.topic-pattern");
        assertThatThrownBy(() -> TopicRouting.parsePartitionBy("row"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("'table' or 'key'");
    }
}
