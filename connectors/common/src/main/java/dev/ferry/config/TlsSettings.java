package dev.ferry.config;

import dev.ferry.jdbc.tls.TlsConfig;
import dev.ferry.jdbc.tls.TlsMode;
import dev.ferry.options.TlsOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;

/** Reads one group of TLS options into a {@link TlsConfig}, with errors that name the option. */
public final class TlsSettings {
    private TlsSettings() {}

    /**
     * The TLS configuration of a group. A CA file without an explicit mode means verify_ca, as with
     * the MySQL clients' --ssl-ca; a client certificate needs its key and the other way round.
     */
    public static TlsConfig read(ReadableConfig config, TlsOptions.Group group) {
        String ca = file(config, group.ca());
        String cert = file(config, group.cert());
        String key = file(config, group.key());
        if ((cert == null) != (key == null)) {
            ConfigOption<String> missing = cert == null ? group.cert() : group.key();
            throw new FerryConfigException(
                    missing.key()
                            + " is missing: a client certificate needs both "
                            + group.cert().key()
                            + " and "
                            + group.key().key()
                            + ".");
        }
        TlsMode mode =
                config.getOptional(group.mode())
                        .map(value -> mode(group, value))
                        .orElse(ca != null ? TlsMode.VERIFY_CA : TlsMode.PREFERRED);
        if (mode == TlsMode.DISABLED && (ca != null || cert != null)) {
            throw new FerryConfigException(
                    group.mode().key()
                            + " is 'disabled', but TLS files are set ("
                            + group.prefix()
                            + ".ca/.cert/.key). Remove them or choose another mode.");
        }
        return new TlsConfig(mode, ca, cert, key);
    }

    private static TlsMode mode(TlsOptions.Group group, String value) {
        TlsMode mode = TlsMode.parse(value);
        if (mode == null) {
            throw new FerryConfigException(
                    group.mode().key()
                            + " must be one of "
                            + Arrays.stream(TlsMode.values())
                                    .map(TlsMode::optionValue)
                                    .collect(Collectors.joining(", "))
                            + ", but is '"
                            + value
                            + "'.");
        }
        return mode;
    }

    /** The file's text, or null when the option is unset. */
    private static String file(ReadableConfig config, ConfigOption<String> option) {
        String name = config.getOptional(option).map(String::strip).orElse("");
        if (name.isEmpty()) {
            return null;
        }
        Path path = Path.of(name);
        try {
            return Files.readString(path, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new FerryConfigException(
                    option.key()
                            + ": cannot read '"
                            + path
                            + "' ("
                            + e.getClass().getSimpleName()
                            + "). Give the path of a readable PEM file.");
        }
    }
}
