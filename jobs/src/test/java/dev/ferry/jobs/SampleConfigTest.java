package dev.ferry.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.jobs.cli.JobArguments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

/**
 * The sample configurations in jobs/conf are what a new user copies: a password in them would win
 * over the FERRY_*_PASSWORD variables the README recommends, so they must not set one.
 */
class SampleConfigTest {
    @Test
    void sampleConfigsLeavePasswordsToTheEnvironment() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(Path.of("conf"))) {
            files = list.filter(f -> f.toString().endsWith(".properties")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(3);

        for (Path file : files) {
            Configuration options = JobArguments.parse(List.of("--config", file.toString()));
            assertThat(options.keySet())
                    .as("%s sets a password, which would beat FERRY_*_PASSWORD", file)
                    .noneMatch(key -> key.endsWith("password"));
        }
    }
}
