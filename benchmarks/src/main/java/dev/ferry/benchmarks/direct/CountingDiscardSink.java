package dev.ferry.benchmarks.direct;

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.functions.sink.RichSinkFunction;

/**
 * Drops every row and counts them in the {@value #ROWS} accumulator: the floor of the direct
 * import, what Flink CDC's snapshot read costs with nothing written.
 */
@SuppressWarnings("deprecation") // SinkFunction: the shortest way to an accumulator
final class CountingDiscardSink extends RichSinkFunction<SnapshotRow> {
    static final String ROWS = "rows";
    private static final long serialVersionUID = 1L;

    private transient LongCounter rows;

    @Override
    public void open(Configuration parameters) {
        rows = new LongCounter();
        getRuntimeContext().addAccumulator(ROWS, rows);
    }

    @Override
    public void invoke(SnapshotRow row, Context context) {
        rows.add(1);
    }
}
