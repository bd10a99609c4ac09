package dev.ferry.jdbc.tls;

import java.util.Locale;

/** The MySQL clients' TLS modes ({@code --ssl-mode}), which Connector/J and Debezium share. */
public enum TlsMode {
    DISABLED,
    PREFERRED,
    REQUIRED,
    VERIFY_CA,
    VERIFY_IDENTITY;

    /** The value as the options spell it: {@code verify_ca}. */
    public String optionValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the server's certificate is checked against the CA. */
    public boolean verifies() {
        return this == VERIFY_CA || this == VERIFY_IDENTITY;
    }

    /** The mode for an option value; null when there is none such. */
    public static TlsMode parse(String value) {
        for (TlsMode mode : values()) {
            if (mode.optionValue().equalsIgnoreCase(value.strip())) {
                return mode;
            }
        }
        return null;
    }
}
