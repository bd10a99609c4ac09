package org.apache.flink.cdc.connectors.mysql.source;

import dev.ferry.capture.source.PurgedBinlog;
import dev.ferry.config.FerryConfigException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplit;
import org.apache.flink.core.io.InputStatus;

/**
 * A source reader that fails with a clear error where the binlog reader's own would leave the user
 * guessing (a purged binlog file); everything else is the wrapped reader's.
 */
final class ExplainingSourceReader<T> implements SourceReader<T, MySqlSplit> {
    private final SourceReader<T, MySqlSplit> reader;

    ExplainingSourceReader(SourceReader<T, MySqlSplit> reader) {
        this.reader = reader;
    }

    @Override
    public void start() {
        reader.start();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<T> output) throws Exception {
        try {
            return reader.pollNext(output);
        } catch (Exception e) {
            FerryConfigException clear = PurgedBinlog.explain(e);
            throw clear == null ? e : clear;
        }
    }

    @Override
    public List<MySqlSplit> snapshotState(long checkpointId) {
        return reader.snapshotState(checkpointId);
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return reader.isAvailable();
    }

    @Override
    public void addSplits(List<MySqlSplit> splits) {
        reader.addSplits(splits);
    }

    @Override
    public void notifyNoMoreSplits() {
        reader.notifyNoMoreSplits();
    }

    @Override
    public void handleSourceEvents(SourceEvent sourceEvent) {
        reader.handleSourceEvents(sourceEvent);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        reader.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        reader.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void pauseOrResumeSplits(
            java.util.Collection<String> splitsToPause,
            java.util.Collection<String> splitsToResume) {
        reader.pauseOrResumeSplits(splitsToPause, splitsToResume);
    }

    @Override
    public void close() throws Exception {
        reader.close();
    }
}
