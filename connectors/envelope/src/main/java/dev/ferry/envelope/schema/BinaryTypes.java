package dev.ferry.envelope.schema;

import java.util.Locale;
import java.util.Set;

/** The MySQL base types whose values travel as base64 in the envelope. */
public final class BinaryTypes {
    private static final Set<String> BINARY =
            Set.of("binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob", "bit");

    private BinaryTypes() {}

    public static boolean isBinary(String dataType) {
        return dataType != null && BINARY.contains(dataType.toLowerCase(Locale.ROOT));
    }
}
