package dev.ferry.saga.model;

/** How a saga ended. */
public enum SagaStatus {
    /** Every action succeeded. */
    COMMITTED,
    /** An action failed for good and every started step was compensated. */
    COMPENSATED,
    /** The command was invalid, or a compensation gave up: needs a human. */
    FAILED
}
