package dev.ferry.apply.table;

import dev.ferry.apply.ApplyConfig;
import dev.ferry.config.FerryConfigException;
import dev.ferry.options.AllOptions;
import dev.ferry.options.ApplyOptions;
import dev.ferry.options.DownstreamOptions;
import dev.ferry.options.KafkaClientOptions;
import dev.ferry.options.KafkaOptions;
import dev.ferry.options.TlsOptions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * The {@code ferry-apply} SQL connector: a sink table that applies the records of ferry's change
 * and transaction topics downstream, with the same options (same keys, defaults and checks) as the
 * apply job, because both build the same {@link ApplyConfig}.
 *
 * <p>The table's columns are the Kafka record: {@code topic STRING, partition INT, offset BIGINT,
 * record_key BYTES, record_value BYTES}, filled by Flink's {@code kafka} connector with the {@code
 * raw} format and metadata columns (see sql/ferry-apply.sql).
 */
public final class FerryApplyTableFactory implements DynamicTableSinkFactory {
    public static final String IDENTIFIER = "ferry-apply";

    static final List<LogicalTypeRoot> COLUMN_TYPES =
            List.of(
                    LogicalTypeRoot.VARCHAR,
                    LogicalTypeRoot.INTEGER,
                    LogicalTypeRoot.BIGINT,
                    LogicalTypeRoot.VARBINARY,
                    LogicalTypeRoot.VARBINARY);

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(DownstreamOptions.USERNAME);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options =
                new HashSet<>(
                        AllOptions.of(
                                DownstreamOptions.class, ApplyOptions.class, KafkaOptions.class));
        options.remove(DownstreamOptions.USERNAME);
        options.addAll(
                List.of(
                        TlsOptions.DOWNSTREAM_MODE,
                        TlsOptions.DOWNSTREAM_CA,
                        TlsOptions.DOWNSTREAM_CERT,
                        TlsOptions.DOWNSTREAM_KEY));
        return options;
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        // kafka.properties.* pass through to the sink's own Kafka clients unchecked.
        FactoryUtil.createTableFactoryHelper(this, context)
                .validateExcept(KafkaClientOptions.PREFIX);
        List<Column> columns = context.getCatalogTable().getResolvedSchema().getColumns();
        List<LogicalTypeRoot> types =
                columns.stream()
                        .map(column -> column.getDataType().getLogicalType().getTypeRoot())
                        .toList();
        if (!types.equals(COLUMN_TYPES)) {
            throw new FerryConfigException(
                    "a ferry-apply table must have the columns (topic STRING, `partition` INT,"
                            + " `offset` BIGINT, record_key BYTES, record_value BYTES), the Kafka"
                            + " record as Flink's kafka connector reads it with the raw format;"
                            + " table "
                            + context.getObjectIdentifier()
                            + " has "
                            + columns);
        }
        Configuration options = Configuration.fromMap(context.getCatalogTable().getOptions());
        return new FerryApplyTableSink(ApplyConfig.from(options));
    }
}
