package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BinlogPositionTest {
    @Test
    void parsesWhatShowMasterStatusPrints() {
        BinlogPosition position = BinlogPosition.parse("mysql-bin.000003:4567");
        assertThat(position.file()).isEqualTo("mysql-bin.000003");
        assertThat(position.offset()).isEqualTo(4567);
        assertThat(position.fileNumber()).isEqualTo(3);
        assertThat(position).hasToString("mysql-bin.000003:4567");
    }

    @Test
    void ordersByFileNumberThenOffset() {
        BinlogPosition early = BinlogPosition.parse("mysql-bin.000009:900000");
        BinlogPosition late = BinlogPosition.parse("mysql-bin.000010:4");
        assertThat(early).isLessThan(late);
        assertThat(late).isGreaterThan(BinlogPosition.parse("mysql-bin.000010:3"));
        assertThat(late.compareTo(BinlogPosition.parse("mysql-bin.000010:4"))).isZero();
    }

    @Test
    void rejectsTextThatIsNoPosition() {
        assertThatThrownBy(() -> BinlogPosition.parse("mysql-bin.000003"))
                .hasMessageContaining("'file:offset'");
        assertThatThrownBy(() -> BinlogPosition.parse("mysql-bin.000003:x"))
                .hasMessageContaining("not a number");
    }
}
