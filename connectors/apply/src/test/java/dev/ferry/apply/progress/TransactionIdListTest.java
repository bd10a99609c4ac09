package dev.ferry.apply.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TransactionIdListTest {

    @Test
    void binlogPositionsShareTheirPrefixOnce() {
        List<String> ids =
                List.of(
                        "file=mysql-bin.000042,pos=1001",
                        "file=mysql-bin.000042,pos=1500",
                        "file=mysql-bin.000042,pos=99");

        String text = TransactionIdList.format(ids);

        assertThat(text).isEqualTo(">file=mysql-bin.000042,pos= 1001 1500 99");
        assertThat(TransactionIdList.parse(text)).isEqualTo(ids);
    }

    @Test
    void idsWithNothingInCommonOrOneThePrefixOfAnother() {
        List<String> disjoint = List.of("0-1-17", "3E11FA47-71CA:23", "x");
        List<String> nested = List.of("ab", "a", "abc");
        List<String> single = List.of("file=mysql-bin.000001,pos=4");

        for (List<String> ids : List.of(disjoint, nested, single)) {
            assertThat(TransactionIdList.parse(TransactionIdList.format(ids))).isEqualTo(ids);
        }
    }

    @Test
    void charactersASqlLiteralWouldEscapeAreEncoded() {
        List<String> ids = List.of("a b", "a'\"\\\n%", "a\u0000\u00e9");

        String text = TransactionIdList.format(ids);

        assertThat(text).doesNotContain("'", "\"", "\\", "\n", "\u0000");
        assertThat(text.chars().filter(c -> c == ' ')).hasSize(ids.size());
        assertThat(TransactionIdList.parse(text)).isEqualTo(ids);
    }

    @Test
    void readsTheEarlierOneIdPerLineFormat() {
        assertThat(TransactionIdList.parse("file=b.1,pos=4\nfile=b.1,pos=9"))
                .containsExactly("file=b.1,pos=4", "file=b.1,pos=9");
    }
}
