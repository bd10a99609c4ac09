package dev.ferry.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class CapturePipelineTest {
    @Test
    void aDatabaseWildcardStaysAPatternSoThatLaterTablesMatch() {
        String[] list = CapturePipeline.tableList(List.of("shop.*", "crm.client-list"));

        assertThat(Pattern.matches(list[0], "shop.created_later")).isTrue();
        assertThat(Pattern.matches(list[0], "shopx.orders")).isFalse();
        assertThat(Pattern.matches(list[1], "crm.client-list")).isTrue();
        assertThat(Pattern.matches(list[1], "crm.clientXlist")).isFalse();
    }
}
