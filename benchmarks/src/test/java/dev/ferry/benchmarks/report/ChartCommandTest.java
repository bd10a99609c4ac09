package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartCommandTest {

    @Test
    void writesThePngNamedByOut(@TempDir Path dir) throws IOException {
        Path tsv =
                Files.writeString(
                        dir.resolve("d.tsv"), "rows per statement\tferry\n300\t4\n7500\t6\n");
        Path png = dir.resolve("charts/out.png");

        ChartCommand.run(
                new String[] {
                    "--kind",
                    "bar",
                    "--title",
                    "T",
                    "--x-label",
                    "X",
                    "--y-label",
                    "Y",
                    "--out",
                    png.toString(),
                    tsv.toString()
                });

        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(Chart.WIDTH);
    }

    @Test
    void aBadTableIsReportedWithItsFileAndLine(@TempDir Path dir) throws IOException {
        Path tsv = Files.writeString(dir.resolve("bad.tsv"), "x\ty\n1\tn/a\n");

        assertThatThrownBy(
                        () ->
                                ChartCommand.run(
                                        new String[] {
                                            "--kind",
                                            "line",
                                            "--out",
                                            dir.resolve("o.png").toString(),
                                            tsv.toString()
                                        }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad.tsv: line 2, column 'y': 'n/a' is not a number");
    }

    @Test
    void anUnknownKindOrMissingOptionIsRefused(@TempDir Path dir) throws IOException {
        Path tsv = Files.writeString(dir.resolve("d.tsv"), "x\ty\n1\t2\n");
        String out = dir.resolve("o.png").toString();

        assertThatThrownBy(
                        () ->
                                ChartCommand.run(
                                        new String[] {
                                            "--kind", "pie", "--out", out, tsv.toString()
                                        }))
                .hasMessageContaining("--kind must be line or bar");
        assertThatThrownBy(() -> ChartCommand.run(new String[] {"--kind", "line", tsv.toString()}))
                .hasMessageContaining("--kind, --out and a data file are required");
        assertThatThrownBy(() -> ChartCommand.run(new String[] {"--kind"}))
                .hasMessageContaining("--kind needs a value");
    }
}
