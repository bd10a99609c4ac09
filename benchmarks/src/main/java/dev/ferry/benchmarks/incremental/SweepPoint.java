package dev.ferry.benchmarks.incremental;

/**
 * One setting of a pipeline: ferry's apply.workers and apply.batch-size, or the stock's parallelism
 * and flush rows.
 */
record SweepPoint(int workers, int batch) {
    @Override
    public String toString() {
        return workers + ":" + batch;
    }
}
