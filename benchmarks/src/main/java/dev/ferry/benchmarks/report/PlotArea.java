package dev.ferry.benchmarks.report;

/** The rectangle inside the axes, and where a category and a value fall in it. */
record PlotArea(int left, int top, int width, int height, int categories, AxisScale scale) {

    int bottom() {
        return top + height;
    }

    /** Width given to one category along x. */
    double slot() {
        return (double) width / categories;
    }

    double centerOf(int category) {
        return left + slot() * (category + 0.5);
    }

    double yOf(double value) {
        return bottom() - height * Math.max(0, value) / scale.max();
    }
}
