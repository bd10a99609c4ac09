package dev.ferry.checksum;

/** Hears about each table as a database comparison finishes it, e.g. to print progress. */
public interface ComparisonListener {

    /** Ignores everything. */
    ComparisonListener NONE = new ComparisonListener() {};

    default void tableCompared(TableComparison comparison) {}

    /** The table could not be compared; {@code reason} is one line. */
    default void tableFailed(TableRef table, String reason) {}
}
