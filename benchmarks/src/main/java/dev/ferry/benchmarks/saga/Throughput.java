package dev.ferry.benchmarks.saga;

/**
 * What one measured run did: how many global transactions it completed, and how many per second.
 */
record Throughput(long transactions, double perSecond) {}
