package dev.ferry.it.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.ferry.jobs.cli.JobArguments;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.junit.jupiter.api.Test;

/**
 * docker/compose.yaml cannot run here (no Docker engine), so this checks what can be checked
 * without one: services, pinned images, ports, volumes, mounted files, and job configs that hold
 * only valid options and name services of the file.
 */
class ComposeFileTest {
    private static final Path DOCKER =
            Path.of(System.getProperty("ferry.repo", "..")).resolve("docker");

    private static JsonNode compose() throws Exception {
        return new ObjectMapper(new YAMLFactory())
                .readTree(DOCKER.resolve("compose.yaml").toFile());
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        if (array != null) {
            array.forEach(value -> values.add(value.asText()));
        }
        return values;
    }

    @Test
    void hasEveryServiceOfThePipeline() throws Exception {
        assertThat(compose().get("services").fieldNames())
                .toIterable()
                .contains(
                        "mysql", "kafka", "tidb", "jobmanager", "taskmanager", "capture", "apply");
    }

    @Test
    void pinsEveryImageAndMatchesTheFlinkVersionOfTheJobs() throws Exception {
        compose()
                .get("services")
                .forEach(
                        service -> {
                            String image = service.get("image").asText();
                            assertThat(image)
                                    .as("image %s", image)
                                    .contains(":")
                                    .doesNotEndWith(":latest");
                            if (image.startsWith("flink:")) {
                                assertThat(image)
                                        .startsWith(
                                                "flink:"
                                                        + EnvironmentInformation.getVersion()
                                                        + "-");
                            }
                        });
    }

    @Test
    void hostPortsDoNotClash() throws Exception {
        Set<String> hostPorts = new HashSet<>();
        compose()
                .get("services")
                .forEach(
                        service -> {
                            for (String mapping : strings(service.get("ports"))) {
                                assertThat(hostPorts.add(mapping.split(":")[0]))
                                        .as("host port of %s", mapping)
                                        .isTrue();
                            }
                        });
        assertThat(hostPorts).contains("3306", "9092", "4000", "8081");
    }

    @Test
    void volumesAreDeclaredAndMountedFilesExist() throws Exception {
        JsonNode compose = compose();
        Set<String> declared = new HashSet<>();
        compose.get("volumes").fieldNames().forEachRemaining(declared::add);
        compose.get("services")
                .forEach(
                        service -> {
                            for (String volume : strings(service.get("volumes"))) {
                                String source = volume.split(":")[0];
                                if (source.startsWith(".")) {
                                    if (!source.contains(
                                            "/target/")) { // build output: exists after mvn package
                                        assertThat(DOCKER.resolve(source))
                                                .as("mounted file %s", source)
                                                .exists();
                                    }
                                } else {
                                    assertThat(declared)
                                            .as("named volume %s", source)
                                            .contains(source);
                                }
                            }
                        });
    }

    @Test
    void mysqlWritesTheBinlogCaptureNeeds() throws Exception {
        assertThat(strings(compose().get("services").get("mysql").get("command")))
                .contains("--binlog-format=ROW", "--binlog-row-image=FULL")
                .anyMatch(flag -> flag.startsWith("--server-id="));
    }

    @Test
    void jobConfigsAreValidAndNameServicesOfTheFile() throws Exception {
        Set<String> services = new HashSet<>();
        compose().get("services").fieldNames().forEachRemaining(services::add);

        Configuration capture =
                JobArguments.parse(
                        List.of("--config", DOCKER.resolve("capture.properties").toString()));
        Configuration apply =
                JobArguments.parse(
                        List.of("--config", DOCKER.resolve("apply.properties").toString()));

        assertThat(services)
                .contains(
                        capture.getString("upstream.hostname", null),
                        apply.getString("downstream.hostname", null));
        for (Configuration job : List.of(capture, apply)) {
            assertThat(services)
                    .contains(job.getString("kafka.bootstrap-servers", "").split(":")[0]);
            assertThat(job.getString("job.checkpoint-dir", "")).isEqualTo("file:///checkpoints");
        }
    }

    @Test
    void flinkExportsPrometheusMetricsOnPublishedPorts() throws Exception {
        JsonNode services = compose().get("services");
        Set<String> published = new HashSet<>();
        for (String name : List.of("jobmanager", "taskmanager")) {
            JsonNode service = services.get(name);
            String properties = service.get("environment").get("FLINK_PROPERTIES").asText();
            assertThat(properties)
                    .as("%s's FLINK_PROPERTIES", name)
                    .contains(
                            "metrics.reporter.prom.factory.class:"
                                    + " org.apache.flink.metrics.prometheus.PrometheusReporterFactory")
                    .contains("metrics.reporter.prom.port: 9249");
            assertThat(strings(service.get("ports")))
                    .as("%s publishes its reporter", name)
                    .anySatisfy(port -> assertThat(port).endsWith(":9249"))
                    .allSatisfy(port -> published.add(port.split(":")[0]));
        }
        assertThat(published).contains("8081", "9249", "9250");
    }
}
