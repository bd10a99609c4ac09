package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedactorTest {

    @Test
    void masksKnownPasswordsUrlParametersAndUserInfo() {
        Redactor redactor = new Redactor(Arrays.asList("topsecret", null, ""));

        assertThat(redactor.redact("bad topsecret here")).isEqualTo("bad **** here");
        assertThat(redactor.redact("jdbc:mysql://h/?user=a&password=other&x=1"))
                .isEqualTo("jdbc:mysql://h/?user=a&password=****&x=1");
        assertThat(redactor.redact("jdbc:mysql://alice:other@h:3306/"))
                .isEqualTo("jdbc:mysql://alice:****@h:3306/");
    }

    @Test
    void leavesOrdinaryTextAlone() {
        assertThat(new Redactor(List.of()).redact("cannot connect to source h:1: refused"))
                .isEqualTo("cannot connect to source h:1: refused");
        assertThat(new Redactor(List.of()).redact(null)).isEmpty();
    }
}
