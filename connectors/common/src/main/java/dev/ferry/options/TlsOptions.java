package dev.ferry.options;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * TLS options of every database ferry connects to: the upstream, the downstream and the saga
 * participants. The modes and their default are the MySQL clients' ({@code --ssl-mode}); the files
 * are PEM, as {@code --ssl-ca}, {@code --ssl-cert} and {@code --ssl-key} take them.
 */
public final class TlsOptions {
    private TlsOptions() {}

    /** The TLS options of one kind of database connection. */
    public record Group(
            String prefix,
            ConfigOption<String> mode,
            ConfigOption<String> ca,
            ConfigOption<String> cert,
            ConfigOption<String> key) {}

    public static final ConfigOption<String> UPSTREAM_MODE = mode("upstream.tls", "upstream");
    public static final ConfigOption<String> UPSTREAM_CA = ca("upstream.tls");
    public static final ConfigOption<String> UPSTREAM_CERT = cert("upstream.tls");
    public static final ConfigOption<String> UPSTREAM_KEY = key("upstream.tls");

    public static final ConfigOption<String> DOWNSTREAM_MODE = mode("downstream.tls", "downstream");
    public static final ConfigOption<String> DOWNSTREAM_CA = ca("downstream.tls");
    public static final ConfigOption<String> DOWNSTREAM_CERT = cert("downstream.tls");
    public static final ConfigOption<String> DOWNSTREAM_KEY = key("downstream.tls");

    public static final ConfigOption<String> PARTICIPANT_MODE =
            mode("saga.participant-tls", "saga participant");
    public static final ConfigOption<String> PARTICIPANT_CA = ca("saga.participant-tls");
    public static final ConfigOption<String> PARTICIPANT_CERT = cert("saga.participant-tls");
    public static final ConfigOption<String> PARTICIPANT_KEY = key("saga.participant-tls");

    public static final Group UPSTREAM =
            new Group("upstream.tls", UPSTREAM_MODE, UPSTREAM_CA, UPSTREAM_CERT, UPSTREAM_KEY);
    public static final Group DOWNSTREAM =
            new Group(
                    "downstream.tls",
                    DOWNSTREAM_MODE,
                    DOWNSTREAM_CA,
                    DOWNSTREAM_CERT,
                    DOWNSTREAM_KEY);
    public static final Group PARTICIPANTS =
            new Group(
                    "saga.participant-tls",
                    PARTICIPANT_MODE,
                    PARTICIPANT_CA,
                    PARTICIPANT_CERT,
                    PARTICIPANT_KEY);

    /** The group of an endpoint role ("upstream", "downstream"); participants have their own. */
    public static Group forRole(String role) {
        return switch (role) {
            case "upstream" -> UPSTREAM;
            case "downstream" -> DOWNSTREAM;
            default -> PARTICIPANTS;
        };
    }

    /**
     * The TLS options of a command line that names its sides ({@code --source-tls-mode}, ...): not
     * job options, so not listed among them.
     */
    public static Group commandLine(String side) {
        String prefix = side + "-tls";
        return new Group(
                prefix,
                ConfigOptions.key(prefix + "-mode").stringType().noDefaultValue(),
                ConfigOptions.key(prefix + "-ca").stringType().noDefaultValue(),
                ConfigOptions.key(prefix + "-cert").stringType().noDefaultValue(),
                ConfigOptions.key(prefix + "-key").stringType().noDefaultValue());
    }

    private static ConfigOption<String> mode(String prefix, String what) {
        return ConfigOptions.key(prefix + ".mode")
                .stringType()
                .defaultValue("preferred")
                .withDescription(
                        "TLS to the "
                                + what
                                + " server, as the MySQL clients' --ssl-mode: 'disabled',"
                                + " 'preferred' (TLS when the server offers it, unverified),"
                                + " 'required' (TLS, unverified), 'verify_ca' (TLS, the server's"
                                + " certificate signed by "
                                + prefix
                                + ".ca) or 'verify_identity' (also its host name).");
    }

    private static ConfigOption<String> ca(String prefix) {
        // As the MySQL clients' --ssl-ca.
        return ConfigOptions.key(prefix + ".ca")
                .stringType()
                .noDefaultValue()
                .withDescription(
                        "PEM file of the CA certificates that sign the server's certificate, for"
                                + " verify_ca and verify_identity (set without "
                                + prefix
                                + ".mode, it means verify_ca). Unset: the JVM's trusted CAs.");
    }

    private static ConfigOption<String> cert(String prefix) {
        return ConfigOptions.key(prefix + ".cert")
                .stringType()
                .noDefaultValue()
                .withDescription(
                        "PEM file of the client certificate, for servers that require one (with "
                                + prefix
                                + ".key).");
    }

    private static ConfigOption<String> key(String prefix) {
        return ConfigOptions.key(prefix + ".key")
                .stringType()
                .noDefaultValue()
                .withDescription(
                        "PEM file of the client certificate's private key (PKCS#8 or PKCS#1 RSA,"
                                + " unencrypted; keep it readable by the job's user only). Never"
                                + " logged.");
    }
}
