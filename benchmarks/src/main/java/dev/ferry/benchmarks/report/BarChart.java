package dev.ferry.benchmarks.report;

import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;

/**
 * Grouped bars: for each category, one bar per series side by side; a missing value leaves a gap.
 */
public final class BarChart extends Chart {

    public BarChart(ChartData data, ChartLabels labels) {
        super(data, labels);
    }

    @Override
    protected CategorySeriesRenderStyle renderStyle() {
        return CategorySeriesRenderStyle.Bar;
    }
}
