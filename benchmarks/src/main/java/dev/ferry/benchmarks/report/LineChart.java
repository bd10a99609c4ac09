package dev.ferry.benchmarks.report;

import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;

/**
 * One line per series across the categories, with a dot at each value; a missing value breaks it.
 */
public final class LineChart extends Chart {

    public LineChart(ChartData data, ChartLabels labels) {
        super(data, labels);
    }

    @Override
    protected CategorySeriesRenderStyle renderStyle() {
        return CategorySeriesRenderStyle.Line;
    }
}
