package dev.ferry.options;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** Options of the downstream TiDB (or any MySQL-protocol server) that the apply job writes. */
public final class DownstreamOptions {
    private DownstreamOptions() {}

    public static final ConfigOption<String> HOSTNAME =
            ConfigOptions.key("downstream.hostname")
                    .stringType()
                    .defaultValue("127.0.0.1")
                    .withDescription("Host of the downstream TiDB or MySQL-protocol server.");

    public static final ConfigOption<Integer> PORT =
            ConfigOptions.key("downstream.port")
                    .intType()
                    .defaultValue(4000)
                    .withDescription("Port of the downstream server (TiDB listens on 4000).");

    public static final ConfigOption<String> USERNAME =
            ConfigOptions.key("downstream.username")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Downstream user; needs SELECT, INSERT, UPDATE, DELETE, and CREATE for"
                                    + " tables it must create. Required.");

    public static final ConfigOption<String> PASSWORD =
            ConfigOptions.key("downstream.password")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Downstream password. Prefer the FERRY_DOWNSTREAM_PASSWORD environment"
                                    + " variable, which is used when this is not set.");

    public static final ConfigOption<String> CREATE_TABLES =
            ConfigOptions.key("downstream.create-tables")
                    .stringType()
                    .defaultValue("missing")
                    .withDescription(
                            "'missing' creates downstream tables that do not exist from the"
                                    + " upstream schema; 'never' stops with an error instead.");

    /** The connection options above, grouped. */
    public static final EndpointOptions ENDPOINT =
            new EndpointOptions(
                    "downstream", HOSTNAME, PORT, USERNAME, PASSWORD, "FERRY_DOWNSTREAM_PASSWORD");
}
