package dev.ferry.saga.participant;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.Serializable;
import java.time.Duration;
import java.util.Map;

/**
 * Resolved settings of the {@link ParticipantCaller}.
 *
 * @param participants the databases SQL steps may name
 * @param sqlThreads threads (each holding a connection per participant) running SQL steps
 */
public record CallerConfig(
        Map<String, DatabaseEndpoint> participants,
        String barrierTable,
        int sqlThreads,
        Duration callTimeout)
        implements Serializable {
    public CallerConfig {
        participants = Map.copyOf(participants);
    }
}
