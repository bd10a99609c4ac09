package dev.ferry.options;

import java.util.List;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * Options that route captured tables to other downstream tables: many shards merged into one. The
 * capture applies them, so the change topics, the schema topic and the transaction ENDs name the
 * target table, and the apply job writes it as any other.
 */
public final class RouteOptions {
    private RouteOptions() {}

    public static final ConfigOption<List<String>> TABLES =
            ConfigOptions.key("route.tables")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Source tables written to another downstream table, as"
                                    + " 'table-regex:database.table' entries separated by ';'"
                                    + " (the first matching entry wins; the target may use the"
                                    + " regex's groups as $1), e.g."
                                    + " 'shop_[0-9]+[.]orders_[0-9]+:shop.orders'. Every source of"
                                    + " one target must have the same columns and key.");

    public static final ConfigOption<List<String>> SOURCE_COLUMNS =
            ConfigOptions.key("route.source-columns")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Columns added to routed rows and to the target's primary and unique"
                                    + " keys, so that keys colliding across shards stay apart, as"
                                    + " 'table-regex:column=value,...' entries separated by ';'"
                                    + " over the source tables; a value is 'database', 'table' or"
                                    + " a quoted constant, e.g."
                                    + " 'shop_.*:src_db=database,src_table=table,region='eu''.");

    public static final ConfigOption<Integer> DDL_MAX_HELD_CHANGES =
            ConfigOptions.key("route.ddl.max-held-changes")
                    .intType()
                    .defaultValue(100_000)
                    .withDescription(
                            "While a DDL statement has reached some shards of a merged table and"
                                    + " not yet the others, the changes of the shards that ran it"
                                    + " wait in the capture's checkpointed state; past this many"
                                    + " waiting changes the capture stops, naming the shards that"
                                    + " have not run the statement.");
}
