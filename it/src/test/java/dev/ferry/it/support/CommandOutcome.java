package dev.ferry.it.support;

import dev.ferry.jobs.FerryCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The exit code and standard error of one ferry command, run in the test's JVM as the command line
 * runs it: what the tests of bad input check for one clear line.
 */
public record CommandOutcome(int exitCode, String err) {
    /** Runs {@code args} (the command, then its options); the standard output is dropped. */
    public static CommandOutcome run(List<String> args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code =
                FerryCommand.run(
                        args,
                        new PrintStream(new ByteArrayOutputStream()),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CommandOutcome(code, err.toString(StandardCharsets.UTF_8));
    }

    /**
     * {@code capture} reading {@code tables} of the shared upstream as its CDC user: a list the
     * test adds its own options to.
     */
    public static List<String> captureArguments(String tables) {
        return new ArrayList<>(
                List.of(
                        "capture",
                        "--upstream.hostname",
                        Services.HOST,
                        "--upstream.port",
                        String.valueOf(Services.UPSTREAM_PORT),
                        "--upstream.username",
                        "ferry_cdc",
                        "--upstream.password",
                        "ferry_cdc",
                        "--upstream.tables",
                        tables));
    }
}
