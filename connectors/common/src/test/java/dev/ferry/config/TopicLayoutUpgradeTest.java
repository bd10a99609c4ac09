package dev.ferry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TopicLayoutUpgradeTest {
    @Test
    void earlierTopicIsTheTopicPerTableNameTheCaptureGave() {
        assertThat(TopicLayoutUpgrade.earlierTopic("shop", "order lines"))
                .isEqualTo("ferry.shop.order_lines");
    }

    @Test
    void theDefaultOverEarlierTopicsIsRefusedWithWhatToSet() {
        assertThatThrownBy(
                        () ->
                                TopicLayoutUpgrade.refuseDefaultOver(
                                        false,
                                        List.of("ferry.shop.orders", "ferry.shop.items"),
                                        "on Kafka at k:9092"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("ferry.shop.items and 1 more on Kafka at k:9092")
                .hasMessageContaining("Set kafka.topic-pattern=ferry.{database}.{table}")
                .hasMessageContaining("capture and the apply job");
    }

    @Test
    void aGivenPatternOrNoEarlierTopicStarts() {
        assertThatCode(
                        () ->
                                TopicLayoutUpgrade.refuseDefaultOver(
                                        true, List.of("ferry.shop.orders"), "on Kafka"))
                .doesNotThrowAnyException();
        assertThatCode(() -> TopicLayoutUpgrade.refuseDefaultOver(false, List.of(), "on Kafka"))
                .doesNotThrowAnyException();
    }
}
