package dev.ferry.jobs;

import dev.ferry.jobs.runtime.JobEnvironment;
import dev.ferry.saga.SagaConfig;
import dev.ferry.saga.SagaPipeline;
import dev.ferry.saga.kafka.SagaTopics;
import dev.ferry.saga.participant.ParticipantCaller;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The saga coordinator job: prepares its topics and the participants' barrier tables, then starts
 * the commands → coordinator → participants dataflow.
 */
public final class SagaJob {
    private static final Logger LOG = LoggerFactory.getLogger(SagaJob.class);
    public static final String DEFAULT_NAME = "ferry-saga";

    private SagaJob() {}

    public static JobClient start(Configuration options) throws Exception {
        SagaConfig config = SagaConfig.from(options);
        SagaTopics.ensure(
                config.kafka,
                config.commandTopic,
                config.feedbackTopic,
                config.resultsTopic,
                config.parallelism);
        try (ParticipantCaller caller = new ParticipantCaller(config.caller)) {
            caller.prepareParticipants();
        }
        LOG.info(
                "Coordinating sagas from {} (participants {}), outcomes to {}",
                config.commandTopic,
                config.caller.participants().keySet(),
                config.resultsTopic);
        Configuration flink = new Configuration(options);
        if (!flink.containsKey("execution.buffer-timeout")) {
            // Every step crosses the network twice; Flink's default 100 ms flush would add up to
            // that much to each hop of a lightly loaded saga.
            flink.setString("execution.buffer-timeout", "10 ms");
        }
        StreamExecutionEnvironment env = JobEnvironment.create(flink, DEFAULT_NAME);
        SagaPipeline.build(env, config);
        return env.executeAsync();
    }
}
