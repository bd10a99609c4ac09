package dev.ferry.benchmarks.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {
    private static final Set<String> KNOWN = Set.of("port", "user", "password", "mode");

    @Test
    void readsNamedValuesWithFallbacks() {
        Args args =
                Args.parse(
                        "P",
                        new String[] {"--port", "3307", "--user", "u", "--password", "p"},
                        KNOWN);
        assertThat(args.getLong("port")).isEqualTo(3307);
        assertThat(args.get("mode", "raw")).isEqualTo("raw");
        assertThat(args.endpoint("upstream").address()).isEqualTo("127.0.0.1:3307");
    }

    @Test
    void thePasswordMayComeFromTheEnvironmentInstead() {
        Args args = Args.parse("P", new String[] {"--port", "3307", "--user", "u"}, KNOWN);
        assertThat(args.endpoint("upstream", Map.of(Args.PASSWORD_VARIABLE, "s3")).password())
                .isEqualTo("s3");
        Args both =
                Args.parse(
                        "P",
                        new String[] {"--port", "3307", "--user", "u", "--password", "p"},
                        KNOWN);
        assertThat(both.endpoint("upstream", Map.of(Args.PASSWORD_VARIABLE, "s3")).password())
                .isEqualTo("p");
        assertThatThrownBy(() -> args.endpoint("upstream", Map.of()))
                .hasMessageContaining("--password is required, or set FERRY_PROBE_PASSWORD");
    }

    @Test
    void endpointNamesComeWithTheProgramsOwn() {
        assertThat(Args.endpointAnd("query"))
                .containsExactlyInAnyOrder("host", "port", "user", "password", "query");
    }

    @Test
    void namesWhatIsWrong() {
        assertThatThrownBy(() -> Args.parse("P", new String[] {"--prot", "1"}, KNOWN))
                .hasMessageContaining("unknown argument '--prot'");
        assertThatThrownBy(() -> Args.parse("P", new String[] {"--port"}, KNOWN))
                .hasMessageContaining("--port needs a value");
        assertThatThrownBy(
                        () -> Args.parse("P", new String[] {"--port", "x"}, KNOWN).getLong("port"))
                .hasMessageContaining("whole number");
        assertThatThrownBy(() -> Args.parse("P", new String[0], KNOWN).get("user"))
                .hasMessageContaining("--user is required");
    }
}
