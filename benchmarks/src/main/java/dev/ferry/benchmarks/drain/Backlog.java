package dev.ferry.benchmarks.drain;

/**
 * The backlog sysbench wrote while a pipeline (or its apply) was paused.
 *
 * @param transactions sysbench's committed transactions
 * @param writes sysbench's write statements (printed, as a check on row changes)
 * @param ignoredErrors sysbench's ignored errors
 * @param rowChanges the row changes of those transactions
 * @param expected the upstream's final state as the state query prints it
 */
public record Backlog(
        long transactions, long writes, long ignoredErrors, long rowChanges, String expected) {}
