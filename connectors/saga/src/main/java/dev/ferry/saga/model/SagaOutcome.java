package dev.ferry.saga.model;

import java.io.Serializable;

/**
 * The end of a saga, as written to the results topic.
 *
 * @param reason why it did not commit; null when committed
 */
public record SagaOutcome(
        String gid, SagaStatus status, String reason, long startedAt, long finishedAt)
        implements Serializable {

    public static SagaOutcome committed(String gid, long startedAt, long finishedAt) {
        return new SagaOutcome(gid, SagaStatus.COMMITTED, null, startedAt, finishedAt);
    }

    public static SagaOutcome compensated(
            String gid, String reason, long startedAt, long finishedAt) {
        return new SagaOutcome(gid, SagaStatus.COMPENSATED, reason, startedAt, finishedAt);
    }

    public static SagaOutcome failed(String gid, String reason, long startedAt, long finishedAt) {
        return new SagaOutcome(gid, SagaStatus.FAILED, reason, startedAt, finishedAt);
    }
}
