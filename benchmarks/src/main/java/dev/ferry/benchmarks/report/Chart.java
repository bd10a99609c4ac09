package dev.ferry.benchmarks.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A PNG chart of a {@link ChartData} table, drawn by XChart headless: title, a value axis from 0,
 * the categories along x, and a legend of the series' colors. Subclasses choose how a series is
 * drawn (lines or bars).
 */
public abstract class Chart {
    static final int WIDTH = 960;
    static final int HEIGHT = 540;
    private static final Color[] PALETTE = {
        new Color(0x1f77b4),
        new Color(0xff7f0e),
        new Color(0x2ca02c),
        new Color(0xd62728),
        new Color(0x9467bd),
        new Color(0x8c564b),
        new Color(0xe377c2),
        new Color(0x17becf),
        new Color(0xbcbd22),
        new Color(0x7f7f7f)
    };
    private static final String FONT = "DejaVu Sans";

    private final ChartData data;
    private final ChartLabels labels;

    protected Chart(ChartData data, ChartLabels labels) {
        this.data = data;
        this.labels = labels;
    }

    /** The color of the series at this index (the palette repeats after ten series). */
    static Color seriesColor(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /** How every series of this kind of chart is drawn. */
    protected abstract CategorySeriesRenderStyle renderStyle();

    public BufferedImage render() {
        CategoryChart chart =
                new CategoryChartBuilder()
                        .width(WIDTH)
                        .height(HEIGHT)
                        .title(labels.title())
                        .xAxisTitle(labels.xLabel())
                        .yAxisTitle(labels.yLabel())
                        .build();
        style(chart.getStyler());
        if (data.maxValue() <= 0) {
            // XChart has no scale for an axis whose values are all 0 (or none at all).
            chart.getStyler().setYAxisMax(1.0);
        }
        for (ChartData.Series series : data.series()) {
            chart.addSeries(series.name(), data.categories(), valuesOf(series));
        }
        return BitmapEncoder.getBufferedImage(chart);
    }

    public void write(Path png) throws IOException {
        Path parent = png.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        // Not BitmapEncoder.saveBitmap: it appends ".png" to a name that lacks it.
        if (!ImageIO.write(render(), "png", png.toFile())) {
            throw new IOException("no PNG writer in this JVM");
        }
    }

    private void style(CategoryStyler styler) {
        styler.setDefaultSeriesRenderStyle(renderStyle());
        styler.setSeriesColors(PALETTE);
        Marker[] dots = new Marker[PALETTE.length];
        Arrays.fill(dots, SeriesMarkers.CIRCLE);
        styler.setSeriesMarkers(dots);
        styler.setMarkerSize(8);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderVisible(false);
        styler.setPlotGridVerticalLinesVisible(false);
        styler.setLegendPosition(LegendPosition.OutsideE);
        styler.setLegendBorderColor(Color.WHITE);
        styler.setYAxisMin(0.0);
        styler.setAvailableSpaceFill(0.8);
        // Bars of a category stand side by side; the lines' points sit on the category itself.
        styler.setOverlapped(renderStyle() != CategorySeriesRenderStyle.Bar);
        styler.setChartTitleFont(new Font(FONT, Font.BOLD, 17));
        styler.setAxisTitleFont(new Font(FONT, Font.PLAIN, 13));
        styler.setAxisTickLabelsFont(new Font(FONT, Font.PLAIN, 13));
        styler.setLegendFont(new Font(FONT, Font.PLAIN, 13));
        styler.setAntiAlias(true);
    }

    /** The series' values, with null (no point, no bar) where a value is missing. */
    private static List<Double> valuesOf(ChartData.Series series) {
        List<Double> values = new ArrayList<>(series.values().length);
        for (double value : series.values()) {
            values.add(Double.isNaN(value) ? null : value);
        }
        return values;
    }
}
