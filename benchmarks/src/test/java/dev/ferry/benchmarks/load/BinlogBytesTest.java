package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.funnel.BinlogPosition;
import java.util.List;
import org.junit.jupiter.api.Test;

class BinlogBytesTest {
    private static final List<BinlogBytes.LogFile> LOGS =
            List.of(
                    new BinlogBytes.LogFile("bin.000001", 1000),
                    new BinlogBytes.LogFile("bin.000002", 5000),
                    new BinlogBytes.LogFile("bin.000003", 7000),
                    new BinlogBytes.LogFile("bin.000004", 300));

    @Test
    void withinOneFileItIsTheOffsetsDifference() {
        assertThat(
                        BinlogBytes.between(
                                BinlogPosition.parse("bin.000002:400"),
                                BinlogPosition.parse("bin.000002:4400"),
                                List.of()))
                .isEqualTo(4000);
    }

    @Test
    void acrossFilesItIsTheRestOfTheFirstTheMiddleOnesAndTheStartOfTheLast() {
        assertThat(
                        BinlogBytes.between(
                                BinlogPosition.parse("bin.000002:4000"),
                                BinlogPosition.parse("bin.000004:100"),
                                LOGS))
                .isEqualTo(1000 + 7000 + 100);
    }
}
