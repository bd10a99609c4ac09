package dev.ferry.envelope;

/** The kind of a row change, with its Debezium {@code op} code. */
public enum Operation {
    /** A row read by the snapshot. */
    READ("r"),
    CREATE("c"),
    UPDATE("u"),
    DELETE("d");

    private final String code;

    Operation(String code) {
        this.code = code;
    }

    /** The one-letter code used in the envelope's {@code op} field. */
    public String code() {
        return code;
    }

    public static Operation fromCode(String code) {
        switch (code) {
            case "r":
                return READ;
            case "c":
                return CREATE;
            case "u":
                return UPDATE;
            case "d":
                return DELETE;
            default:
                throw new IllegalArgumentException("unknown change operation '" + code + "'");
        }
    }

    /** True for operations whose after-image is the row's new full state. */
    public boolean writesRow() {
        return this != DELETE;
    }
}
