package dev.ferry.checksum;

/** One column whose value differs between source and target, with both values rendered briefly. */
public record ColumnDifference(String column, String sourceValue, String targetValue) {

    @Override
    public String toString() {
        return column + ": " + sourceValue + " vs " + targetValue;
    }
}
