package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedactorTest {

    @Test
    void masksKnownPasswordsUrlParametersAndUserInfo() {
        Redactor redactor = new Redactor(Arrays.asList("top&secret", "topsecret", null, ""));

        assertThat(redactor.redact("x?password=topsecret&y")).isEqualTo("x?password=****&y");
        assertThat(redactor.redact("jdbc:mysql://a:top&secret@h/"))
                .isEqualTo("jdbc:mysql://a:****@h/");
        assertThat(redactor.redact("jdbc:mysql://h/?user=a&password=other&x=1"))
                .isEqualTo("jdbc:mysql://h/?user=a&password=****&x=1");
        assertThat(redactor.redact("jdbc:mysql://alice:other@h:3306/"))
                .isEqualTo("jdbc:mysql://alice:****@h:3306/");
    }

    @Test
    void masksOnlyThePasswordNotTextEqualToIt() {
        Redactor redactor = new Redactor(List.of("alice", "a&b"));

        assertThat(redactor.redact("Access denied for user 'alice'@'h' (using password: YES)"))
                .isEqualTo("Access denied for user 'alice'@'h' (using password: YES)");
        assertThat(redactor.redact("jdbc:mysql://h/?user=alice&password=alice"))
                .isEqualTo("jdbc:mysql://h/?user=alice&password=****");
        assertThat(redactor.redact("jdbc:mysql://h/?password=a&b&user=alice"))
                .isEqualTo("jdbc:mysql://h/?password=****&user=alice");
    }

    @Test
    void leavesOrdinaryTextAlone() {
        assertThat(new Redactor(List.of()).redact("cannot connect to source h:1: refused"))
                .isEqualTo("cannot connect to source h:1: refused");
        assertThat(new Redactor(List.of()).redact(null)).isEmpty();
    }
}
