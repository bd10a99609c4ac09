package dev.ferry.saga.model;

import java.io.Serializable;
import java.time.Duration;

/**
 * How often and how patiently calls are retried.
 *
 * @param maxAttempts attempts of an action failing transiently before the saga compensates
 * @param compensationAttempts attempts of a compensation before the saga ends FAILED; 0 = forever
 */
public record RetryPolicy(
        int maxAttempts, Duration backoff, Duration maxBackoff, int compensationAttempts)
        implements Serializable {

    /** The wait before retry number {@code retry} (1 for the first): doubling, capped. */
    public long backoffMillis(int retry) {
        long wait = backoff.toMillis();
        for (int i = 1; i < retry && wait < maxBackoff.toMillis(); i++) {
            wait *= 2;
        }
        return Math.min(wait, maxBackoff.toMillis());
    }

    public boolean compensationGivesUpAfter(int attempts) {
        return compensationAttempts > 0 && attempts >= compensationAttempts;
    }
}
