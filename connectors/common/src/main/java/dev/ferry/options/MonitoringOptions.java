package dev.ferry.options;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** Options for seeing a running job: its REST API and Web UI, Prometheus, and `ferry status`. */
public final class MonitoringOptions {
    private MonitoringOptions() {}

    public static final ConfigOption<Integer> REST_PORT =
            ConfigOptions.key("monitoring.rest-port")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "Embedded mode (java -jar): serve this job's Flink REST API and Web UI"
                                    + " on 127.0.0.1 at this port, for `ferry status` and a browser."
                                    + " Unset: a random port. On a cluster, the cluster's REST port"
                                    + " serves instead.");

    public static final ConfigOption<String> PROMETHEUS_PORT =
            ConfigOptions.key("monitoring.prometheus-port")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Embedded mode: export Flink's and ferry's metrics with Flink's"
                                    + " Prometheus reporter on this port or range (e.g. 9249-9250)."
                                    + " Unset: no reporter. On a cluster, configure the reporter in"
                                    + " the cluster's config (docs/operations.md).");

    public static final ConfigOption<String> FLINK_REST_URLS =
            ConfigOptions.key("monitoring.flink-rest-urls")
                    .stringType()
                    .defaultValue("http://127.0.0.1:8081")
                    .withDescription(
                            "`ferry status`: comma-separated Flink REST URLs to read the jobs from"
                                    + " (a cluster's, or each embedded job's monitoring.rest-port).");

    public static final ConfigOption<String> HEARTBEAT_TABLE =
            ConfigOptions.key("monitoring.heartbeat-table")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Upstream table 'database.table' (created if missing) that capture"
                                    + " writes a heartbeat row into every second and captures, so"
                                    + " that both jobs' delay stays exact when the upstream is idle"
                                    + " (docs/operations.md, Delay); the capture user needs CREATE,"
                                    + " INSERT and UPDATE on it. Set the same in capture and apply."
                                    + " Unset: no heartbeat.");
}
