package dev.ferry.apply.table;

import dev.ferry.apply.ApplyConfig;
import dev.ferry.apply.ApplyPipeline;
import dev.ferry.apply.source.RawChange;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.sink.DataStreamSinkProvider;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.data.RowData;

/** The sink of a {@code ferry-apply} table: Kafka records in, {@link ApplyPipeline#sink} out. */
final class FerryApplyTableSink implements DynamicTableSink {
    private final ApplyConfig config;

    FerryApplyTableSink(ApplyConfig config) {
        this.config = config;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return ChangelogMode.insertOnly();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        return new DataStreamSinkProvider() {
            @Override
            public DataStreamSink<?> consumeDataStream(
                    ProviderContext providerContext, DataStream<RowData> rows) {
                return ApplyPipeline.sink(
                        rows.filter(row -> !row.isNullAt(4))
                                .map(FerryApplyTableSink::toRawChange)
                                .returns(TypeInformation.of(RawChange.class))
                                .name("kafka-records"),
                        config);
            }
        };
    }

    private static RawChange toRawChange(RowData row) {
        return new RawChange(
                row.getString(0).toString(),
                row.getInt(1),
                row.getLong(2),
                row.isNullAt(3) ? new byte[0] : row.getBinary(3),
                row.getBinary(4));
    }

    @Override
    public DynamicTableSink copy() {
        return new FerryApplyTableSink(config);
    }

    @Override
    public String asSummaryString() {
        return "ferry-apply (" + (config.transactional ? "transaction" : "row") + ")";
    }
}
