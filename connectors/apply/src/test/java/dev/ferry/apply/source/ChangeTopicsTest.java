package dev.ferry.apply.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ChangeTopicsTest {
    @Test
    void matchesTheKnownTopicsAndNewTablesOfTheSameDatabases() {
        Pattern topics =
                ChangeTopics.pattern(
                        List.of("ferry.shop.orders", "custom"),
                        "ferry.{database}.{table}",
                        List.of("shop"));

        assertThat(topics.matcher("ferry.shop.orders").matches()).isTrue();
        assertThat(topics.matcher("custom").matches()).isTrue();
        assertThat(topics.matcher("ferry.shop.created_later").matches()).isTrue();
        assertThat(topics.matcher("ferry.other.orders").matches()).isFalse();
        assertThat(topics.matcher("ferryXshop.orders").matches()).isFalse();
        assertThat(topics.matcher("ferry-transactions").matches()).isFalse();
    }

    @Test
    void aPatternWithoutTableNamesOnlyTheKnownTopics() {
        Pattern topics =
                ChangeTopics.pattern(List.of("all.shop"), "all.{database}", List.of("shop"));

        assertThat(topics.matcher("all.shop").matches()).isTrue();
        assertThat(topics.matcher("all.shopx").matches()).isFalse();
    }
}
