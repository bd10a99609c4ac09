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

    @Test
    void aLineChartIsAPngOfTheDeclaredSizeWithEverySeriesDrawn(@TempDir Path dir)
            throws IOException {
        Path png = dir.resolve("line.png");

        new LineChart(data(), LABELS).write(png);

        BufferedImage read = ImageIO.read(png.toFile());
        assertThat(read).isNotNull();
        assertThat(read.getWidth()).isEqualTo(Chart.WIDTH);
        assertThat(read.getHeight()).isEqualTo(Chart.HEIGHT);
        for (int s = 0; s < 3; s++) {
            // legend swatch (18 x 12) plus the line and its dots
            assertThat(pixelsOf(read, Chart.seriesColor(s)))
                    .as("series %d", s)
                    .isGreaterThan(18 * 12 + 50);
        }
        assertThat(pixelsOf(read, Chart.seriesColor(3))).isZero();
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

    @Test
    void onlyMissingOrZeroValuesStillRender() throws IOException {
        ChartData empty = ChartData.parseTsv(new StringReader("x\ta\n1\t\n2\t0\n"));

        BufferedImage image = new LineChart(empty, LABELS).render();

        assertThat(image.getWidth()).isEqualTo(Chart.WIDTH);
    }
}
