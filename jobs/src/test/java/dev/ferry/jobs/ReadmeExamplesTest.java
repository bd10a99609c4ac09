package dev.ferry.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.jobs.cli.JobArguments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

/** The README's embedded examples run against the local services of bin/services as written. */
class ReadmeExamplesTest {
    private static final Pattern DEFAULT_PORT =
            Pattern.compile("(UPSTREAM|DOWNSTREAM)_PORT=\\$\\{FERRY_\\w+_PORT:-(\\d+)}");

    @Test
    void embeddedExamplesUseTheLocalServicesPorts() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        String services = Files.readString(Path.of("..", "bin", "services"));
        Matcher defaults = DEFAULT_PORT.matcher(services);
        List<String> ports = new ArrayList<>();
        while (defaults.find()) {
            ports.add(defaults.group(1).toLowerCase() + ".port=" + defaults.group(2));
        }
        assertThat(ports).hasSize(2);

        for (String command : List.of("capture", "apply")) {
            String example =
                    readme.lines()
                            .filter(l -> l.startsWith("java -jar jobs/target/ferry.jar " + command))
                            .findFirst()
                            .orElseThrow();
            List<String> args =
                    Arrays.asList(
                            example.replaceFirst("^.*ferry\\.jar \\w+", "").strip().split("\\s+"));
            Configuration options =
                    JobArguments.parse(
                            args.stream().map(a -> a.replace("jobs/conf/", "conf/")).toList());
            String side = command.equals("capture") ? "upstream" : "downstream";
            assertThat(ports).contains(side + ".port=" + options.getString(side + ".port", "?"));
        }
    }
}
