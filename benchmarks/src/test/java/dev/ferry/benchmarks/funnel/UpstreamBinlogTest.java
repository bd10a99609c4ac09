package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class UpstreamBinlogTest {
    private static final List<List<String>> LOGS =
            List.of(
                    List.of("bin.000001", "1000"),
                    List.of("bin.000002", "5000"),
                    List.of("bin.000003", "7000"),
                    List.of("bin.000004", "900"));

    @Test
    void withinOneFileItIsTheOffsetsDifference() {
        assertThat(
                        UpstreamBinlog.bytesBetween(
                                BinlogPosition.parse("bin.000002:100"),
                                BinlogPosition.parse("bin.000002:4100"),
                                LOGS))
                .isEqualTo(4000);
    }

    @Test
    void acrossFilesItAddsTheRestOfTheFirstTheMiddleAndTheStartOfTheLast() {
        assertThat(
                        UpstreamBinlog.bytesBetween(
                                BinlogPosition.parse("bin.000001:400"),
                                BinlogPosition.parse("bin.000003:300"),
                                LOGS))
                .isEqualTo(600 + 5000 + 300);
    }

    @Test
    void aPurgedFileIsNamed() {
        assertThatThrownBy(
                        () ->
                                UpstreamBinlog.bytesBetween(
                                        BinlogPosition.parse("bin.000000:4"),
                                        BinlogPosition.parse("bin.000002:300"),
                                        LOGS))
                .hasMessageContaining("no longer lists binlog bin.000000");
    }
}
