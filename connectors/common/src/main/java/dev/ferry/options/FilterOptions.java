package dev.ferry.options;

import java.util.List;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * Options of what the capture leaves out of captured tables: columns, event types and rows. Each
 * entry is {@code table-regex:value}, the regex over the whole {@code database.table}; entries are
 * separated by ';'. The capture applies them, so Kafka carries only what replicates.
 */
public final class FilterOptions {
    private FilterOptions() {}

    public static final ConfigOption<List<String>> COLUMNS_EXCLUDE =
            ConfigOptions.key("filter.columns.exclude")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Columns left out of the Kafka envelope and the downstream table,"
                                    + " as 'table-regex:column,column' entries separated by"
                                    + " ';', e.g. 'shop[.]users:email,phone'. A column of the"
                                    + " replication key, or one a matching table lacks, is refused"
                                    + " at start.");

    public static final ConfigOption<List<String>> EVENTS_SKIP =
            ConfigOptions.key("filter.events.skip")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Binlog event types not replicated, as 'table-regex:type,type'"
                                    + " entries (types insert, update, delete) separated by ';',"
                                    + " e.g. 'shop[.]archive_.*:delete'. The snapshot is not"
                                    + " affected.");

    public static final ConfigOption<List<String>> ROWS =
            ConfigOptions.key("filter.rows")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Rows replicated, as 'table-regex:expression' entries separated"
                                    + " by ';': a JEXL expression over the row's columns, e.g."
                                    + " 'shop[.]orders:amount >= 100 && status != \"test\"'. An"
                                    + " update moving a row out of the filter deletes it"
                                    + " downstream, one moving it in inserts it. Unknown columns,"
                                    + " method calls and expressions that do not parse are"
                                    + " refused at start.");
}
