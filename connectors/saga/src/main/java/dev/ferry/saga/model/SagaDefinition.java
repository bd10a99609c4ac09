package dev.ferry.saga.model;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A saga as its start command declares it: ordered steps, whether calls go through the barrier, and
 * the retry policy. Immutable.
 */
public record SagaDefinition(String gid, List<Step> steps, boolean barrier, RetryPolicy retry)
        implements Serializable {
    public SagaDefinition {
        steps = List.copyOf(steps);
    }

    public Step step(int index) {
        return steps.get(index);
    }

    public int size() {
        return steps.size();
    }

    /** The end (exclusive) of the stage starting at {@code start}: its concurrent group. */
    public int stageEnd(int start) {
        String group = steps.get(start).group();
        int end = start + 1;
        while (group != null
                && end < steps.size()
                && Objects.equals(group, steps.get(end).group())) {
            end++;
        }
        return end;
    }
}
