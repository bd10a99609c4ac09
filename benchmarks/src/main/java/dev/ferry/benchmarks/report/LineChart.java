package dev.ferry.benchmarks.report;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;

/**
 * One line per series across the categories, with a dot at each value; a missing value breaks it.
 */
public final class LineChart extends Chart {
    private static final double DOT = 8;

    public LineChart(ChartData data, ChartLabels labels) {
        super(data, labels);
    }

    @Override
    protected void plot(Graphics2D g, PlotArea area) {
        g.setStroke(new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        for (int s = 0; s < data.series().size(); s++) {
            double[] values = data.series().get(s).values();
            g.setColor(seriesColor(s));
            for (int i = 0; i < values.length; i++) {
                if (Double.isNaN(values[i])) {
                    continue;
                }
                double x = area.centerOf(i);
                double y = area.yOf(values[i]);
                if (i > 0 && !Double.isNaN(values[i - 1])) {
                    g.draw(new Line2D.Double(area.centerOf(i - 1), area.yOf(values[i - 1]), x, y));
                }
                g.fill(new Ellipse2D.Double(x - DOT / 2, y - DOT / 2, DOT, DOT));
            }
        }
    }
}
