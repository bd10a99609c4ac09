package dev.ferry.apply;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class ApplyPipelineTest {

    @Test
    void readsOnlyCommittedChanges() {
        assertThat(ApplyPipeline.consumerProperties(1 << 20).getProperty("isolation.level"))
                .isEqualTo("read_committed");
    }

    @Test
    void anIdlePartitionDoesNotHoldBackTheBusyOnesForKafkasDefaultHalfSecond() {
        Properties properties = ApplyPipeline.consumerProperties(1 << 20);

        assertThat(Integer.parseInt(properties.getProperty("fetch.max.wait.ms")))
                .as("a fetch of idle partitions delays the next fetch of busy ones this long")
                .isLessThanOrEqualTo(50);
    }

    @Test
    void takesThePartitionFetchSizeItIsGiven() {
        assertThat(
                        ApplyPipeline.consumerProperties(16 << 20)
                                .getProperty("max.partition.fetch.bytes"))
                .isEqualTo(String.valueOf(16 << 20));
    }
}
