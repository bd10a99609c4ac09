package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;

/**
 * benchmarks/README.md shows every subcommand of ferry-bench under a heading "### ferry-bench
 * NAME", with its flags as {@code ferry-bench NAME --help} prints them: a flag added or changed
 * without the README fails here, and the failure shows the text to paste.
 */
class BenchmarksReadmeTest {
    private static final Path README = Path.of("README.md"); // the module's folder is the cwd

    @Test
    void everySubcommandShowsItsHelpAsItPrintsIt() throws IOException {
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        for (Map.Entry<String, CommandLine> command :
                FerryBench.commandLine().getSubcommands().entrySet()) {
            String heading = "### ferry-bench " + command.getKey() + "\n";
            assertThat(readme).as("benchmarks/README.md has " + heading.strip()).contains(heading);
            int start = readme.indexOf(heading) + heading.length();
            int end = readme.indexOf("\n#", start);
            String section = readme.substring(start, end < 0 ? readme.length() : end);
            String help = command.getValue().getUsageMessage(Ansi.OFF).stripTrailing();
            assertThat(section)
                    .as("the section of ferry-bench %s shows its --help", command.getKey())
                    .contains("```text\n" + help + "\n```");
        }
    }
}
