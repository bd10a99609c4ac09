package dev.ferry.benchmarks.importing;

/**
 * The keys of the import's measurements, as its settings make them: the headline copies on the main
 * data set and the sweeps' copies on the sweep data set.
 */
public final class ImportKeys {
    private final ImportSettings settings;
    private final String sweepData;

    public ImportKeys(ImportSettings settings, DataSets data) {
        this.settings = settings;
        this.sweepData = data.sweepData();
    }

    public MeasurementKey mydumper(String data, int statementBytes) {
        return new MeasurementKey("mydumper", data, settings.dumpThreads(), statementBytes);
    }

    public MeasurementKey myloader(String data, int threads, int statementBytes) {
        return new MeasurementKey("myloader", data, threads, statementBytes);
    }

    public MeasurementKey ferryDump(String data) {
        return new MeasurementKey("ferry-dump", data, settings.dumpThreads(), "-");
    }

    public MeasurementKey ferryLoad(String data, int workers, int batch) {
        return new MeasurementKey("ferry-load", data, workers, batch);
    }

    public MeasurementKey ferryEndToEnd(String data, int workers, int batch) {
        return new MeasurementKey("ferry-e2e", data, workers, batch);
    }

    public MeasurementKey stock(String data, int parallelism, int batch) {
        return new MeasurementKey("stock", data, parallelism, batch);
    }

    public MeasurementKey ceiling(String data, int connections, int rowsPerStatement) {
        return new MeasurementKey("ceiling", data, connections, rowsPerStatement);
    }

    public MeasurementKey direct(String data, int connections, int rowsPerStatement) {
        return new MeasurementKey("direct", data, connections, rowsPerStatement);
    }

    // The headline measurements, on the main data set at the run's settings.

    public MeasurementKey mainMydumper() {
        return mydumper(DataSets.MAIN, settings.dumperBytes());
    }

    public MeasurementKey mainMyloader() {
        return myloader(DataSets.MAIN, settings.workers(), settings.dumperBytes());
    }

    public MeasurementKey mainDump() {
        return ferryDump(DataSets.MAIN);
    }

    public MeasurementKey mainLoad() {
        return ferryLoad(DataSets.MAIN, settings.workers(), settings.batch());
    }

    public MeasurementKey mainCeiling() {
        return ceiling(DataSets.MAIN, settings.workers(), settings.batch());
    }

    public MeasurementKey mainEndToEnd() {
        return ferryEndToEnd(DataSets.MAIN, settings.workers(), settings.batch());
    }

    public MeasurementKey mainStock() {
        return stock(DataSets.MAIN, settings.workers(), settings.batch());
    }

    public MeasurementKey mainDirect() {
        return direct(DataSets.MAIN, settings.directConnections(), settings.batch());
    }

    /** The data set the sweeps ran on. */
    public String sweepData() {
        return sweepData;
    }
}
