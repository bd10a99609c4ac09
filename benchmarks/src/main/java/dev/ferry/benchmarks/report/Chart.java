package dev.ferry.benchmarks.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * A PNG chart drawn with Java2D, headless: title, a value axis from 0 with round ticks and grid
 * lines, the categories along x, and a legend of the series' colors. Subclasses draw the series.
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
    private static final Color AXIS = new Color(0x333333);
    private static final Color GRID = new Color(0xdddddd);
    private static final String FONT = "DejaVu Sans";

    protected final ChartData data;
    private final ChartLabels labels;

    protected Chart(ChartData data, ChartLabels labels) {
        this.data = data;
        this.labels = labels;
    }

    /** The color of the series at this index (the palette repeats after ten series). */
    static Color seriesColor(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /** Draws the series inside the plot area. */
    protected abstract void plot(Graphics2D g, PlotArea area);

    public BufferedImage render() {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(
                    RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            Font text = new Font(FONT, Font.PLAIN, 13);
            g.setFont(text);
            int legendWidth = legendWidth(g.getFontMetrics());
            AxisScale scale = AxisScale.upTo(data.maxValue(), 6);
            int left = 30 + tickLabelWidth(g.getFontMetrics(), scale);
            int top = 50;
            PlotArea area =
                    new PlotArea(
                            left,
                            top,
                            WIDTH - left - legendWidth - 30,
                            HEIGHT - top - 70,
                            data.categories().size(),
                            scale);
            drawTitle(g);
            drawValueAxis(g, area);
            drawCategories(g, area);
            g.setClip(area.left() - 6, area.top() - 6, area.width() + 12, area.height() + 12);
            plot(g, area);
            g.setClip(null);
            drawLegend(g, area.left() + area.width() + 24, area.top());
        } finally {
            g.dispose();
        }
        return image;
    }

    public void write(Path png) throws IOException {
        Path parent = png.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(render(), "png", png.toFile())) {
            throw new IOException("no PNG writer in this JVM");
        }
    }

    private void drawTitle(Graphics2D g) {
        Font previous = g.getFont();
        g.setFont(new Font(FONT, Font.BOLD, 17));
        g.setColor(AXIS);
        FontMetrics metrics = g.getFontMetrics();
        g.drawString(labels.title(), (WIDTH - metrics.stringWidth(labels.title())) / 2, 30);
        g.setFont(previous);
    }

    private static int tickLabelWidth(FontMetrics metrics, AxisScale scale) {
        int widest = 0;
        for (int i = 0; i <= scale.ticks(); i++) {
            widest = Math.max(widest, metrics.stringWidth(scale.label(i * scale.step())));
        }
        return widest + 20;
    }

    private void drawValueAxis(Graphics2D g, PlotArea area) {
        FontMetrics metrics = g.getFontMetrics();
        AxisScale scale = area.scale();
        for (int i = 0; i <= scale.ticks(); i++) {
            double value = i * scale.step();
            int y = (int) Math.round(area.yOf(value));
            g.setColor(GRID);
            g.drawLine(area.left(), y, area.left() + area.width(), y);
            g.setColor(AXIS);
            g.drawLine(area.left() - 5, y, area.left(), y);
            String label = scale.label(value);
            g.drawString(
                    label,
                    area.left() - 8 - metrics.stringWidth(label),
                    y + metrics.getAscent() / 2 - 1);
        }
        g.setColor(AXIS);
        g.setStroke(new BasicStroke(1.5f));
        g.drawLine(area.left(), area.top(), area.left(), area.bottom());
        g.drawLine(area.left(), area.bottom(), area.left() + area.width(), area.bottom());
        g.setStroke(new BasicStroke(1f));
        AffineTransform saved = g.getTransform();
        g.rotate(-Math.PI / 2);
        int labelWidth = metrics.stringWidth(labels.yLabel());
        g.drawString(labels.yLabel(), -(area.top() + (area.height() + labelWidth) / 2), 18);
        g.setTransform(saved);
    }

    private void drawCategories(Graphics2D g, PlotArea area) {
        FontMetrics metrics = g.getFontMetrics();
        g.setColor(AXIS);
        for (int i = 0; i < area.categories(); i++) {
            int x = (int) Math.round(area.centerOf(i));
            g.drawLine(x, area.bottom(), x, area.bottom() + 5);
            String category = data.categories().get(i);
            g.drawString(category, x - metrics.stringWidth(category) / 2, area.bottom() + 20);
        }
        int labelWidth = metrics.stringWidth(labels.xLabel());
        g.drawString(
                labels.xLabel(), area.left() + (area.width() - labelWidth) / 2, area.bottom() + 45);
    }

    private int legendWidth(FontMetrics metrics) {
        int widest = 0;
        for (ChartData.Series s : data.series()) {
            widest = Math.max(widest, metrics.stringWidth(s.name()));
        }
        return Math.min(widest + 50, WIDTH / 3);
    }

    private void drawLegend(Graphics2D g, int x, int y) {
        FontMetrics metrics = g.getFontMetrics();
        int line = metrics.getHeight() + 6;
        for (int i = 0; i < data.series().size(); i++) {
            int rowY = y + i * line;
            g.setColor(seriesColor(i));
            g.fillRect(x, rowY, 18, 12);
            g.setColor(AXIS);
            g.drawString(data.series().get(i).name(), x + 26, rowY + 11);
        }
    }
}
