package dev.ferry.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: help, usage errors and their hints, without services. */
class FerryCommandTest {
    @TempDir Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return FerryCommand.run(
                List.of(args),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpListsEveryCommand() {
        assertThat(run("--help")).isZero();
        assertThat(out())
                .startsWith("Usage: java -jar ferry.jar <command>")
                .contains("capture", "apply", "saga", "checksum", "status", "options");
        out.reset();
        assertThat(run("help")).isZero();
        assertThat(out()).startsWith("Usage: java -jar ferry.jar <command>");
    }

    @Test
    void noCommandPrintsTheUsageAsAnError() {
        assertThat(run()).isEqualTo(2);
        assertThat(out()).startsWith("Usage: java -jar ferry.jar <command>");
    }

    @Test
    void eachCommandHasHelpListingItsOptions() {
        assertThat(run("apply", "--help")).isZero();
        assertThat(out()).contains("--config=FILE", "--apply.workers=VALUE", "--job.name=VALUE");
        out.reset();
        assertThat(run("status", "--help")).isZero();
        assertThat(out()).contains("--progress", "--watch=SECONDS", "--monitoring.flink-rest-urls");
        out.reset();
        assertThat(run("checksum", "--help")).isZero();
        assertThat(out()).startsWith("Usage: java -jar ferry.jar checksum --source-url URL");
    }

    @Test
    void anUnknownCommandGetsADidYouMean() {
        assertThat(run("captur")).isEqualTo(2);
        assertThat(err()).startsWith("ferry: unknown command 'captur'.").contains("capture");
    }

    @Test
    void anUnknownOptionGetsADidYouMeanAndNoStackTrace() {
        assertThat(run("apply", "--apply.worker", "8")).isEqualTo(2);
        assertThat(err().strip())
                .isEqualTo(
                        "ferry: unknown option 'apply.worker'. Did you mean 'apply.workers'? The"
                                + " README lists every option under 'Options'.");
    }

    @Test
    void aMissingConfigFileSaysItDoesNotExist() {
        Path missing = dir.resolve("capture.properties");
        assertThat(run("capture", "--config", missing.toString())).isEqualTo(2);
        assertThat(err().strip())
                .isEqualTo(
                        "ferry: config file "
                                + missing.toAbsolutePath()
                                + " does not exist. Check the path given to --config (jobs/conf"
                                + " holds samples).");
    }

    @Test
    void aMissingValueIsNamed() {
        assertThat(run("apply", "--apply.workers")).isEqualTo(2);
        assertThat(err())
                .startsWith("ferry: Missing required parameter for option '--apply.workers'");
    }

    @Test
    void optionsPrintsTheTable() {
        assertThat(run("options")).isZero();
        assertThat(out()).startsWith("| option | default | description |");
    }
}
