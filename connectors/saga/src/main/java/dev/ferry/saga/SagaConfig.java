package dev.ferry.saga;

import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaClientConfig;
import dev.ferry.config.Settings;
import dev.ferry.config.TlsSettings;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jdbc.tls.TlsConfig;
import dev.ferry.options.JobOptions;
import dev.ferry.options.KafkaOptions;
import dev.ferry.options.SagaOptions;
import dev.ferry.options.TlsOptions;
import dev.ferry.options.UpstreamOptions;
import dev.ferry.saga.barrier.Barrier;
import dev.ferry.saga.command.CommandDefaults;
import dev.ferry.saga.model.RetryPolicy;
import dev.ferry.saga.participant.CallerConfig;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.flink.configuration.ReadableConfig;

/** The saga job's resolved settings, checked once with messages that name the option. */
public final class SagaConfig {
    public static final String PASSWORD_VARIABLE = "FERRY_SAGA_PASSWORD";

    public final String bootstrapServers;

    /** The bootstrap servers and kafka.properties.* of every Kafka client. */
    public final KafkaClientConfig kafka;

    public final String commandTopic;
    public final String feedbackTopic;
    public final String resultsTopic;
    public final String consumerGroup;
    public final String transactionalIdPrefix;
    public final CommandDefaults defaults;
    public final CallerConfig caller;
    public final int parallelism;
    public final int maxInFlightCalls;
    public final Duration finishedRetention;
    public final Optional<Outbox> outbox;

    /** Where the outbox lives: a table of the upstream database, read from its binlog. */
    public record Outbox(
            DatabaseEndpoint upstream, String table, String serverId, String serverTimeZone) {}

    private SagaConfig(ReadableConfig options, Function<String, String> environment) {
        bootstrapServers = options.get(KafkaOptions.BOOTSTRAP_SERVERS);
        kafka = KafkaClientConfig.from(options, bootstrapServers, environment);
        commandTopic = options.get(SagaOptions.COMMAND_TOPIC);
        feedbackTopic = options.get(SagaOptions.FEEDBACK_TOPIC);
        resultsTopic = options.get(SagaOptions.RESULTS_TOPIC);
        consumerGroup = options.get(SagaOptions.CONSUMER_GROUP);
        transactionalIdPrefix = options.get(SagaOptions.TRANSACTIONAL_ID_PREFIX);
        defaults =
                new CommandDefaults(
                        positive(options, SagaOptions.STEP_TIMEOUT),
                        new RetryPolicy(
                                Settings.atLeast(options, SagaOptions.MAX_ATTEMPTS, 1),
                                positive(options, SagaOptions.RETRY_BACKOFF),
                                positive(options, SagaOptions.RETRY_MAX_BACKOFF),
                                Settings.atLeast(options, SagaOptions.COMPENSATION_ATTEMPTS, 0)));
        Map<String, DatabaseEndpoint> participants = participants(options, environment);
        String barrierTable = options.get(SagaOptions.BARRIER_TABLE);
        try {
            Barrier.inTable(barrierTable);
        } catch (IllegalArgumentException e) {
            throw new FerryConfigException(SagaOptions.BARRIER_TABLE.key() + ": " + e.getMessage());
        }
        caller =
                new CallerConfig(
                        participants,
                        barrierTable,
                        Settings.atLeast(options, SagaOptions.SQL_THREADS, 1),
                        positive(options, SagaOptions.CALL_TIMEOUT));
        parallelism = Settings.atLeast(options, SagaOptions.PARALLELISM, 1);
        maxInFlightCalls = Settings.atLeast(options, SagaOptions.MAX_IN_FLIGHT_CALLS, 1);
        finishedRetention = positive(options, SagaOptions.FINISHED_RETENTION);
        outbox =
                options.getOptional(SagaOptions.OUTBOX_TABLE)
                        .map(table -> outbox(options, table, environment));
        options.getOptional(JobOptions.NAME); // the job name is read by JobEnvironment
    }

    public static SagaConfig from(ReadableConfig options) {
        return from(options, System::getenv);
    }

    public static SagaConfig from(ReadableConfig options, Function<String, String> environment) {
        return new SagaConfig(options, environment);
    }

    private static Map<String, DatabaseEndpoint> participants(
            ReadableConfig options, Function<String, String> environment) {
        String list = options.get(SagaOptions.PARTICIPANTS).strip();
        Map<String, DatabaseEndpoint> participants = new LinkedHashMap<>();
        if (list.isEmpty()) {
            return participants;
        }
        String username = Settings.required(options, SagaOptions.PARTICIPANT_USERNAME);
        String password =
                Settings.requiredSecret(
                        options, SagaOptions.PARTICIPANT_PASSWORD, PASSWORD_VARIABLE, environment);
        TlsConfig tls = TlsSettings.read(options, TlsOptions.PARTICIPANTS);
        for (String entry : list.split(",")) {
            String[] nameAndAddress = entry.strip().split("=", 2);
            String[] hostAndPort =
                    nameAndAddress.length == 2 ? nameAndAddress[1].split(":", 2) : new String[0];
            if (hostAndPort.length != 2 || nameAndAddress[0].isBlank()) {
                throw new FerryConfigException(
                        SagaOptions.PARTICIPANTS.key()
                                + ": '"
                                + entry.strip()
                                + "' is not 'name=host:port'.");
            }
            int port;
            try {
                port = Integer.parseInt(hostAndPort[1].strip());
            } catch (NumberFormatException e) {
                throw new FerryConfigException(
                        SagaOptions.PARTICIPANTS.key()
                                + ": port of '"
                                + entry.strip()
                                + "' is not a number.");
            }
            String name = nameAndAddress[0].strip();
            participants.put(
                    name,
                    new DatabaseEndpoint(
                            "participant " + name,
                            hostAndPort[0].strip(),
                            port,
                            username,
                            password,
                            tls));
        }
        return participants;
    }

    private static Outbox outbox(
            ReadableConfig options, String table, Function<String, String> environment) {
        if (!table.matches("[A-Za-z0-9_$]+\\.[A-Za-z0-9_$]+")) {
            throw new FerryConfigException(
                    SagaOptions.OUTBOX_TABLE.key()
                            + " must be 'database.table', but is '"
                            + table
                            + "'.");
        }
        return new Outbox(
                Settings.endpoint(options, UpstreamOptions.ENDPOINT, environment),
                table,
                options.getOptional(UpstreamOptions.SERVER_ID).orElse("5450"),
                options.get(UpstreamOptions.SERVER_TIME_ZONE));
    }

    private static Duration positive(
            ReadableConfig options, org.apache.flink.configuration.ConfigOption<Duration> option) {
        Duration value = options.get(option);
        if (value.isNegative() || value.isZero()) {
            throw new FerryConfigException(
                    option.key() + " must be positive, but is " + value + ".");
        }
        return value;
    }
}
