package dev.ferry.jobs.runtime;

import dev.ferry.options.MonitoringOptions;
import org.apache.flink.configuration.Configuration;

/**
 * Turns the monitoring options into the Flink settings of an embedded job's mini-cluster: the REST
 * port (which also serves the Web UI, bundled in ferry.jar), the Prometheus reporter, and a metric
 * fetch interval short enough for a live status. A cluster reads these from its own config.
 */
final class Monitoring {
    /** Flink's REST API refreshes metrics every 10 s by default: too slow for a progress bar. */
    private static final String METRIC_FETCH_INTERVAL = "1 s";

    private Monitoring() {}

    static void configure(Configuration options, Configuration flink) {
        options.getOptional(MonitoringOptions.REST_PORT)
                .ifPresent(
                        port -> {
                            setDefault(flink, "rest.bind-port", String.valueOf(port));
                            setDefault(flink, "rest.port", String.valueOf(port));
                        });
        setDefault(flink, "rest.bind-address", "127.0.0.1");
        setDefault(flink, "rest.address", "127.0.0.1");
        setDefault(flink, "metrics.fetcher.update-interval", METRIC_FETCH_INTERVAL);
        options.getOptional(MonitoringOptions.PROMETHEUS_PORT)
                .ifPresent(
                        port -> {
                            setDefault(
                                    flink,
                                    "metrics.reporter.prom.factory.class",
                                    "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
                            setDefault(flink, "metrics.reporter.prom.port", port);
                        });
    }

    private static void setDefault(Configuration flink, String key, String value) {
        if (!flink.containsKey(key)) {
            flink.setString(key, value);
        }
    }
}
