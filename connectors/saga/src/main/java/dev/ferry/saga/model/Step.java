package dev.ferry.saga.model;

import java.io.Serializable;
import java.time.Duration;
import java.util.Optional;

/**
 * One step of a saga: an action and the compensation that undoes it.
 *
 * @param branchId unique within the saga; with the global id it names the barrier rows
 * @param compensation null when the action needs no undo
 * @param group steps next to each other with the same non-null group run concurrently
 * @param timeout how long the action may take, retries included
 */
public record Step(String branchId, Call action, Call compensation, String group, Duration timeout)
        implements Serializable {

    public Optional<Call> compensationCall() {
        return Optional.ofNullable(compensation);
    }

    /** The call of {@code operation}; null for a missing compensation. */
    public Call call(Operation operation) {
        return operation == Operation.ACTION ? action : compensation;
    }
}
