package dev.ferry.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.jobs.cli.OptionsTable;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The README's option table is the one `ferry.jar options` prints, so it cannot drift. */
class ReadmeOptionsTest {
    @Test
    void readmeListsEveryOptionWithItsDefault() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));

        for (String row : OptionsTable.markdown().split("\n")) {
            assertThat(readme)
                    .as("README.md is missing this row; paste the output of `ferry.jar options`")
                    .contains(row);
        }
    }
}
