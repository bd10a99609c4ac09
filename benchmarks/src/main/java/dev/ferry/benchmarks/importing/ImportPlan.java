package dev.ferry.benchmarks.importing;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.run.Progress;
import java.io.IOException;
import java.sql.SQLException;

/**
 * The order of the import's copies, as import.sh ran them: the main data set prepared, then
 * mydumper and myloader, ferry's dump and load, the ceiling, ferry end to end, the stock pipeline
 * and the direct probe; then the sweeps (on their own data set when its rows differ) over sink
 * parallelism and over rows per statement. A copy measured once is not measured again.
 */
final class ImportPlan {
    private final ImportSettings settings;
    private final DataSets data;
    private final ImportCopies copies;
    private final PipelineRuns pipelines;
    private final PeerRuns peers;

    ImportPlan(ImportSettings settings, DataSets data, ImportCopies copies) {
        this.settings = settings;
        this.data = data;
        this.copies = copies;
        ImportKeys keys = new ImportKeys(settings, data);
        this.pipelines = new PipelineRuns(copies, keys, settings.dumpThreads());
        this.peers = new PeerRuns(copies, keys, settings.dumpThreads());
    }

    void run() throws SQLException, IOException, InterruptedException {
        int workers = settings.workers();
        int batch = settings.batch();
        int dumperBytes = settings.dumperBytes();
        prepare(DataSets.MAIN);
        Progress.say(
                "main data: "
                        + Figures.oneDecimal(data.megabytes(DataSets.MAIN))
                        + " MB of InnoDB data");
        if (settings.runs("mydumper")) {
            peers.mydumper(dumperBytes);
            peers.myloader(workers, dumperBytes);
        }
        if (settings.runs("ferry")) {
            pipelines.dump();
            pipelines.load(workers, batch);
        }
        if (settings.runs("ceiling")) {
            peers.ceiling(workers, batch);
        }
        if (settings.runs("ferry")) {
            pipelines.endToEnd(workers, batch);
        }
        if (settings.runs("stock")) {
            pipelines.stock(workers, batch);
        }
        if (settings.runs("direct")) {
            peers.direct(settings.directConnections(), batch);
        }
        if (!settings.sweeps()) {
            return;
        }
        if (data.sweepData().equals(DataSets.SWEEP)) {
            prepare(DataSets.SWEEP);
            Progress.say(
                    "sweep data: "
                            + Figures.oneDecimal(data.megabytes(DataSets.SWEEP))
                            + " MB of InnoDB data");
            if (settings.runs("ferry")) {
                pipelines.dump();
            }
        } else {
            copies.use(DataSets.MAIN);
        }
        if (settings.runs("mydumper")) {
            peers.mydumper(dumperBytes);
        }
        for (int p : settings.parallelism()) {
            Progress.say("sweep: sink parallelism " + p);
            if (settings.runs("ferry")) {
                pipelines.load(p, batch);
            }
            if (settings.runs("stock")) {
                pipelines.stock(p, batch);
            }
            if (settings.runs("ceiling")) {
                peers.ceiling(p, batch);
            }
            if (settings.runs("mydumper")) {
                peers.myloader(p, dumperBytes);
            }
        }
        for (int r : settings.statementRows()) {
            Progress.say("sweep: " + r + " rows per statement");
            if (settings.runs("ferry")) {
                pipelines.load(workers, r);
            }
            if (settings.runs("ceiling")) {
                peers.ceiling(workers, r);
            }
            if (settings.runs("mydumper")) {
                peers.mydumper(ImportSettings.statementBytes(r));
                peers.myloader(workers, ImportSettings.statementBytes(r));
            }
        }
    }

    /** A fresh data set upstream: 4 sysbench oltp_insert tables; its size recorded. */
    private void prepare(String name) throws SQLException, IOException, InterruptedException {
        copies.use(name);
        Progress.say(
                "preparing "
                        + DataSets.database(name)
                        + " upstream: 4 tables x "
                        + data.rowsPerTable(name)
                        + " rows (sysbench oltp_insert prepare)");
        copies.tables().prepareUpstream("oltp_insert", data.rowsPerTable(name));
        data.bytes(name, copies.tables().dataBytes());
    }
}
