package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChartTest {
    private static final ChartLabels LABELS = new ChartLabels("MB/s vs workers", "workers", "MB/s");

    private static ChartData data() throws IOException {
        return ChartData.parseTsv(
                new StringReader(
                        "workers\tferry\tstock\tceiling\n2\t5\t3\t\n4\t9\t4\t20\n8\t12\t4.5\t25\n"));
    }

    private static long pixelsOf(BufferedImage image, Color color) {
        long count = 0;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                if (image.getRGB(x, y) == color.getRGB()) {
                    count++;
                }
            }
        }
        return count;
    }

    private static long nonWhitePixels(BufferedImage image) {
        long count = 0;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                if ((image.getRGB(x, y) & 0xffffff) != 0xffffff) {
                    count++;
                }
            }
        }
        return count;
    }

    private static Chart chart(String kind, ChartData data) {
        return switch (kind) {
            case "line" -> new LineChart(data, LABELS);
            case "bar" -> new BarChart(data, LABELS);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"line", "bar"})
    void eachKindIsAPngOfTheDeclaredSizeWithEverySeriesDrawn(String kind, @TempDir Path dir)
            throws IOException {
        Path png = dir.resolve(kind + ".png");

        chart(kind, data()).write(png);

        BufferedImage read = ImageIO.read(png.toFile());
        assertThat(read).as("a PNG at %s", png).isNotNull();
        assertThat(read.getWidth()).isEqualTo(Chart.WIDTH);
        assertThat(read.getHeight()).isEqualTo(Chart.HEIGHT);
        // text, axes and series: far more than a blank canvas, far less than a filled one
        assertThat(nonWhitePixels(read))
                .isBetween(Chart.WIDTH * Chart.HEIGHT / 100L, Chart.WIDTH * Chart.HEIGHT / 2L);
        for (int s = 0; s < 3; s++) {
            // the legend's swatch plus the series' line and dots, or its bars
            assertThat(pixelsOf(read, Chart.seriesColor(s))).as("series %d", s).isGreaterThan(300);
        }
        assertThat(pixelsOf(read, Chart.seriesColor(3))).as("an unused color").isZero();
    }

    @Test
    void barsAreAsTallAsTheirValues() throws IOException {
        BufferedImage image = new BarChart(data(), LABELS).render();

        long ferry = pixelsOf(image, Chart.seriesColor(0));
        long stock = pixelsOf(image, Chart.seriesColor(1));
        long ceiling = pixelsOf(image, Chart.seriesColor(2));
        // bars of equal width: area follows the sum of the values (26, 11.5, 45), legend aside
        assertThat(ceiling).isGreaterThan(ferry);
        assertThat(ferry).isGreaterThan(stock);
        assertThat(stock).isGreaterThan(18 * 12 * 4);
    }

    @ParameterizedTest
    @ValueSource(strings = {"line", "bar"})
    void onlyMissingOrZeroValuesStillRender(String kind) throws IOException {
        ChartData empty = ChartData.parseTsv(new StringReader("x\ta\n1\t\n2\t0\n"));

        BufferedImage image = chart(kind, empty).render();

        assertThat(image.getWidth()).isEqualTo(Chart.WIDTH);
        assertThat(nonWhitePixels(image)).as("axes, title and legend").isPositive();
    }
}
