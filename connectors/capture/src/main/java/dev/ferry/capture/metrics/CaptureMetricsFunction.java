package dev.ferry.capture.metrics;

import dev.ferry.capture.source.CaptureRecord;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/**
 * Passes the capture's records on unchanged, counting the row changes into {@link CaptureMetrics}.
 */
public final class CaptureMetricsFunction extends RichMapFunction<CaptureRecord, CaptureRecord> {
    private static final long serialVersionUID = 1L;

    private transient CaptureMetrics metrics;

    @Override
    public void open(OpenContext context) {
        metrics =
                new CaptureMetrics(getRuntimeContext().getMetricGroup(), System::currentTimeMillis);
    }

    @Override
    public CaptureRecord map(CaptureRecord record) {
        if (record instanceof CaptureRecord.Change change) {
            metrics.record(change.event());
        }
        return record;
    }
}
