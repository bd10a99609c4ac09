package dev.ferry.options;

import org.apache.flink.configuration.ConfigOption;

/**
 * The options that say where and as whom to connect to one database, and the environment variable
 * that may hold its password; the upstream and the downstream each have one.
 */
public record EndpointOptions(
        String role,
        ConfigOption<String> hostname,
        ConfigOption<Integer> port,
        ConfigOption<String> username,
        ConfigOption<String> password,
        String passwordVariable) {}
