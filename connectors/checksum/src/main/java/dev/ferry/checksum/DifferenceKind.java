package dev.ferry.checksum;

/** How a row differs between source and target. */
public enum DifferenceKind {
    /** The key exists on the source only. */
    MISSING_ON_TARGET("missing"),
    /** The key exists on the target only. */
    EXTRA_ON_TARGET("extra"),
    /** The key exists on both sides with different values in at least one column. */
    DIFFERENT("different");

    private final String label;

    DifferenceKind(String label) {
        this.label = label;
    }

    /** One word for summaries: missing, extra, different. */
    public String label() {
        return label;
    }
}
