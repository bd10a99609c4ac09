package dev.ferry.benchmarks.incremental;

/**
 * A measured pipeline at one setting under one workload.
 *
 * @param pipeline "ferry" or "stock"
 */
record Point(String pipeline, int workers, int batch, String workload) {
    static final String FERRY = "ferry";
    static final String STOCK = "stock";

    boolean isFerry() {
        return pipeline.equals(FERRY);
    }

    /** The pipeline as the report names it. */
    String displayName() {
        return isFerry() ? "ferry" : "stock mysql-cdc → jdbc";
    }

    @Override
    public String toString() {
        return pipeline + " workers " + workers + " batch " + batch + " " + workload;
    }
}
