package dev.ferry.apply.assembly;

/**
 * Where an upstream transaction starts in the binlog, as its END record gives it: for messages and
 * tests (the assembler orders transactions by their END records, which come in this order).
 */
public record CommitPosition(String file, long position) {
    @Override
    public String toString() {
        return file + ":" + position;
    }
}
