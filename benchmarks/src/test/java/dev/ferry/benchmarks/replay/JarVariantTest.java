package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JarVariantTest {
    @Test
    void aJarAloneHasNoOptions() {
        JarVariant jar = JarVariant.parse("/tmp/builds/ferry.jar");
        assertThat(jar.jar()).isEqualTo(Path.of("/tmp/builds/ferry.jar"));
        assertThat(jar.options()).isEmpty();
        assertThat(jar.label()).isEqualTo("ferry.jar");
        assertThat(jar.display()).isEqualTo("/tmp/builds/ferry.jar");
        assertThat(jar.baseName()).isEqualTo("ferry");
    }

    @Test
    void eachPlusOptionBecomesACaptureOptionAndTheLabelKeepsThem() {
        JarVariant jar =
                JarVariant.parse(
                        "/b/ferry.jar+kafka.compression=none+kafka.properties.linger.ms=5");
        assertThat(jar.jar()).isEqualTo(Path.of("/b/ferry.jar"));
        assertThat(jar.options())
                .containsExactly(
                        "--kafka.compression", "none", "--kafka.properties.linger.ms", "5");
        assertThat(jar.label())
                .isEqualTo("ferry.jar+kafka.compression=none+kafka.properties.linger.ms=5");
        assertThat(jar.display())
                .isEqualTo("/b/ferry.jar+kafka.compression=none+kafka.properties.linger.ms=5");
    }

    @Test
    void aValueMayHoldAnEqualsSign() {
        assertThat(JarVariant.parse("/b/a.jar+kafka.properties.x=a=b").options())
                .containsExactly("--kafka.properties.x", "a=b");
    }

    @Test
    void aRelativeJarIsResolvedFromTheCurrentFolder() {
        assertThat(JarVariant.parse("jobs/target/ferry.jar").jar())
                .isEqualTo(Path.of("jobs/target/ferry.jar").toAbsolutePath());
    }

    @Test
    void aSuffixWithoutAnEqualsSignIsAClearError() {
        assertThatThrownBy(() -> JarVariant.parse("/b/ferry.jar+none"))
                .hasMessageContaining("'+none' in '/b/ferry.jar+none' is not OPTION=VALUE");
        assertThatThrownBy(() -> JarVariant.parse("/b/ferry.jar+=x"))
                .hasMessageContaining("is not OPTION=VALUE");
        assertThatThrownBy(() -> JarVariant.parse("+a=b")).hasMessageContaining("names no jar");
    }

    @Test
    void aMissingJarIsNamedWithWhatToDo(@TempDir Path folder) throws IOException {
        assertThatThrownBy(() -> JarVariant.parse(folder + "/gone.jar+a=b").requireExists())
                .hasMessageContaining("no such jar: " + folder.resolve("gone.jar"))
                .hasMessageContaining("copy jobs/target/ferry.jar aside");
        Path jar = Files.createFile(folder.resolve("here.jar"));
        assertThat(JarVariant.of(jar).requireExists().jar()).isEqualTo(jar);
    }
}
