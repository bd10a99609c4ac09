package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChecksumArgumentsTest {

    static final String[] MINIMAL = {
        "--source-url", "jdbc:mysql://127.0.0.1:3307/",
        "--source-user", "ferry_admin",
        "--source-password", "s3cret-source",
        "--target-url", "jdbc:mysql://127.0.0.1:3308/",
        "--target-user", "ferry_admin",
        "--target-password", "s3cret-target",
        "--database", "shop"
    };

    @Test
    void parsesTheMinimalCommandLineWithDefaults() throws Exception {
        ChecksumArguments arguments = ChecksumArguments.parse(MINIMAL, Map.of());

        assertThat(arguments.source().url()).isEqualTo("jdbc:mysql://127.0.0.1:3307/");
        assertThat(arguments.source().password()).isEqualTo("s3cret-source");
        assertThat(arguments.target().user()).isEqualTo("ferry_admin");
        assertThat(arguments.database()).isEqualTo("shop");
        assertThat(arguments.targetDatabase()).isEqualTo("shop");
        assertThat(arguments.tables()).isEmpty();
        assertThat(arguments.config()).isEqualTo(ComparisonConfig.defaults());
    }

    @Test
    void parsesOptionalSettingsInEitherSpelling() throws Exception {
        ChecksumArguments arguments =
                ChecksumArguments.parse(
                        with(
                                "--target-database=shop_copy",
                                "--tables",
                                "orders, customers,,",
                                "--chunk-size=100",
                                "--max-differences",
                                "5",
                                "--json-columns",
                                "Orders.Doc,payload"),
                        Map.of());

        assertThat(arguments.targetDatabase()).isEqualTo("shop_copy");
        assertThat(arguments.tables()).containsExactly("orders", "customers");
        assertThat(arguments.config().chunkSize()).isEqualTo(100);
        assertThat(arguments.config().maxDifferences()).isEqualTo(5);
        assertThat(arguments.config().isJsonColumn("orders", "DOC")).isTrue();
        assertThat(arguments.config().isJsonColumn("other", "payload")).isTrue();
        assertThat(arguments.config().isJsonColumn("other", "doc")).isFalse();
    }

    @Test
    void passwordsMayComeFromTheEnvironment() throws Exception {
        String[] args = without("--source-password", "--target-password");

        ChecksumArguments arguments =
                ChecksumArguments.parse(
                        args,
                        Map.of(
                                "FERRY_SOURCE_PASSWORD", "from-env-1",
                                "FERRY_TARGET_PASSWORD", "from-env-2"));

        assertThat(arguments.source().password()).isEqualTo("from-env-1");
        assertThat(arguments.target().password()).isEqualTo("from-env-2");
    }

    @Test
    void anExplicitPasswordWinsOverTheEnvironment() throws Exception {
        ChecksumArguments arguments =
                ChecksumArguments.parse(MINIMAL, Map.of("FERRY_SOURCE_PASSWORD", "from-env"));

        assertThat(arguments.source().password()).isEqualTo("s3cret-source");
    }

    @Test
    void aMissingRequiredOptionIsNamed() {
        assertThatThrownBy(() -> ChecksumArguments.parse(without("--database"), Map.of()))
                .hasMessage("missing --database");
        assertThatThrownBy(() -> ChecksumArguments.parse(without("--target-url"), Map.of()))
                .hasMessage("missing --target-url");
    }

    @Test
    void errorsNeverEchoValues() {
        assertThatThrownBy(() -> ChecksumArguments.parse(with("hunter2"), Map.of()))
                .hasMessage("unexpected argument at position 15")
                .message()
                .doesNotContain("hunter2");
        assertThatThrownBy(
                        () -> ChecksumArguments.parse(with("--source-pasword=hunter2"), Map.of()))
                .hasMessageStartingWith("unknown option --source-pasword. Did you mean")
                .hasMessageContaining("--source-password")
                .message()
                .doesNotContain("hunter2");
        assertThatThrownBy(() -> ChecksumArguments.parse(with("--databse", "d"), Map.of()))
                .hasMessage("unknown option --databse. Did you mean --database?");
        assertThatThrownBy(() -> ChecksumArguments.parse(with("--colour", "hunter2"), Map.of()))
                .hasMessage("unknown option --colour");
        assertThatThrownBy(() -> ChecksumArguments.parse(with("--chunk-size", "hunter2"), Map.of()))
                .hasMessage("--chunk-size must be a positive whole number");
        assertThatThrownBy(() -> ChecksumArguments.parse(with("--source-password", "x"), Map.of()))
                .hasMessage("--source-password given more than once");
    }

    @Test
    void rejectsOtherUrlSchemes() {
        String[] args = MINIMAL.clone();
        args[1] = "jdbc:postgresql://h/";

        assertThatThrownBy(() -> ChecksumArguments.parse(args, Map.of()))
                .hasMessageStartingWith("--source-url must be a jdbc:mysql:// URL");
    }

    @Test
    void toStringNeverShowsThePassword() throws Exception {
        ChecksumArguments arguments = ChecksumArguments.parse(MINIMAL, Map.of());

        assertThat(arguments.toString()).doesNotContain("s3cret");
        assertThat(arguments.source().toString()).isEqualTo("source ferry_admin@127.0.0.1:3307");
    }

    static String[] with(String... extra) {
        List<String> args = new ArrayList<>(Arrays.asList(MINIMAL));
        args.addAll(Arrays.asList(extra));
        return args.toArray(String[]::new);
    }

    static String[] without(String... options) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < MINIMAL.length; i += 2) {
            if (!Arrays.asList(options).contains(MINIMAL[i])) {
                args.add(MINIMAL[i]);
                args.add(MINIMAL[i + 1]);
            }
        }
        return args.toArray(String[]::new);
    }
}
