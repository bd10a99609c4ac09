package dev.ferry.benchmarks.incremental;

/**
 * A chart a report draws: its kind ("line" or "bar"), its file name's tail, title, axis labels and
 * data (tab-separated, a header row, then one row per category; an empty cell is a missing value).
 */
record ChartSpec(
        String kind, String name, String title, String xLabel, String yLabel, String tsv) {}
