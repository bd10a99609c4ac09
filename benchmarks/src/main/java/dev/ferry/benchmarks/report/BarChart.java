package dev.ferry.benchmarks.report;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;

/**
 * Grouped bars: for each category, one bar per series side by side; a missing value leaves a gap.
 */
public final class BarChart extends Chart {

    public BarChart(ChartData data, ChartLabels labels) {
        super(data, labels);
    }

    @Override
    protected void plot(Graphics2D g, PlotArea area) {
        int count = data.series().size();
        double group = area.slot() * 0.8;
        double bar = group / count;
        for (int s = 0; s < count; s++) {
            double[] values = data.series().get(s).values();
            g.setColor(seriesColor(s));
            for (int i = 0; i < values.length; i++) {
                if (Double.isNaN(values[i])) {
                    continue;
                }
                double x = area.centerOf(i) - group / 2 + s * bar;
                double y = area.yOf(values[i]);
                g.fill(new Rectangle2D.Double(x + 1, y, Math.max(1, bar - 2), area.bottom() - y));
            }
        }
    }
}
