package dev.ferry.benchmarks.incremental;

/** The figures of a live run, as incremental.sh's live lines held them. */
enum LiveField {
    /** sysbench's transactions per second. */
    TPS,
    /** sysbench's queries per second. */
    QPS,
    /** sysbench's 95th percentile latency, ms. */
    P95,
    /** sysbench's ignored errors. */
    ERRORS,
    /** Seconds of the sysbench window. */
    WINDOW,
    UP_INSERT,
    UP_UPDATE,
    UP_DELETE,
    UP_COMMIT,
    UP_QUESTIONS,
    /** Growth of the change topics' committed end offsets per second of the window (ferry). */
    CAPTURE_EPS,
    /** Seconds from sysbench's start until caught up. */
    BUSY,
    /** Row changes sysbench made. */
    CHANGES,
    DOWN_QUESTIONS,
    DOWN_COMMIT,
    DOWN_INSERT,
    /** Row changes per second until caught up. */
    ROWS_S,
    HB_SENT,
    HB_ARRIVED,
    D50,
    D95,
    D99,
    DMAX,
    /** The apply's commit latency quantiles, ms. */
    C50,
    C95,
    C99
}
