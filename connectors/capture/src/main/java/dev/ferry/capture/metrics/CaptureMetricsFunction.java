package dev.ferry.capture.metrics;

import dev.ferry.envelope.ChangeEvent;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;

/** Passes change events on unchanged, counting them into {@link CaptureMetrics}. */
public final class CaptureMetricsFunction extends RichMapFunction<ChangeEvent, ChangeEvent> {
    private static final long serialVersionUID = 1L;

    private transient CaptureMetrics metrics;

    @Override
    public void open(OpenContext context) {
        metrics =
                new CaptureMetrics(getRuntimeContext().getMetricGroup(), System::currentTimeMillis);
    }

    @Override
    public ChangeEvent map(ChangeEvent event) {
        metrics.record(event);
        return event;
    }
}
