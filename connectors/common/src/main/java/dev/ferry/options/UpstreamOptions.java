package dev.ferry.options;

import java.util.List;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** Options of the upstream MySQL-compatible server that the capture job reads. */
public final class UpstreamOptions {
    private UpstreamOptions() {}

    public static final ConfigOption<String> HOSTNAME =
            ConfigOptions.key("upstream.hostname")
                    .stringType()
                    .defaultValue("127.0.0.1")
                    .withDescription("Host of the upstream MySQL or MariaDB server.");

    public static final ConfigOption<Integer> PORT =
            ConfigOptions.key("upstream.port")
                    .intType()
                    .defaultValue(3306)
                    .withDescription("Port of the upstream server.");

    public static final ConfigOption<String> USERNAME =
            ConfigOptions.key("upstream.username")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Upstream user; needs SELECT, RELOAD, REPLICATION SLAVE and REPLICATION"
                                    + " CLIENT. Required.");

    public static final ConfigOption<String> PASSWORD =
            ConfigOptions.key("upstream.password")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Upstream password. Prefer the FERRY_UPSTREAM_PASSWORD environment"
                                    + " variable, which is used when this is not set.");

    public static final ConfigOption<String> TABLES =
            ConfigOptions.key("upstream.tables")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Comma-separated tables to capture, each 'database.table' or"
                                    + " 'database.*' for every base table of a database. Required"
                                    + " unless upstream.tables.include is set."
                                    + " Tested with up to 1,000 tables; for hundreds, see"
                                    + " docs/operations.md, Many tables.");

    public static final ConfigOption<List<String>> TABLES_INCLUDE =
            ConfigOptions.key("upstream.tables.include")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Semicolon-separated Java regular expressions over 'database.table'"
                                    + " (the whole name must match, as in Flink CDC's table list),"
                                    + " captured besides upstream.tables; tables created later"
                                    + " that match are captured from their first row. Example:"
                                    + " 'shop_[0-9]+[.]orders_[0-9]+'.");

    public static final ConfigOption<List<String>> TABLES_EXCLUDE =
            ConfigOptions.key("upstream.tables.exclude")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Semicolon-separated regular expressions over 'database.table' of"
                                    + " tables left out even though upstream.tables or"
                                    + " upstream.tables.include names them; applied the same to"
                                    + " the snapshot, the binlog and tables created later.");

    public static final ConfigOption<String> SERVER_ID =
            ConfigOptions.key("upstream.server-id")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Replication server id or range 'start-end' (one id per capture"
                                    + " subtask); must differ from every other replica and job."
                                    + " Default: 5400 to 5400 + capture.parallelism - 1.");

    public static final ConfigOption<String> SERVER_TIME_ZONE =
            ConfigOptions.key("upstream.server-time-zone")
                    .stringType()
                    .defaultValue("UTC")
                    .withDescription(
                            "Session time zone of the upstream server, used to read TIMESTAMP"
                                    + " columns; must match the server's time_zone.");

    /** The connection options above, grouped. */
    public static final EndpointOptions ENDPOINT =
            new EndpointOptions(
                    "upstream", HOSTNAME, PORT, USERNAME, PASSWORD, "FERRY_UPSTREAM_PASSWORD");
}
