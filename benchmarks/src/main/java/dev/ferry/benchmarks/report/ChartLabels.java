package dev.ferry.benchmarks.report;

/** The words on a chart: its title and the names of its axes. */
public record ChartLabels(String title, String xLabel, String yLabel) {}
