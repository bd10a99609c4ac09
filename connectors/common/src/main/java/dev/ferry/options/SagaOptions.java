package dev.ferry.options;

import java.time.Duration;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** Options of the saga coordinator job: its topics, participants, and default step policy. */
public final class SagaOptions {
    private SagaOptions() {}

    public static final ConfigOption<String> COMMAND_TOPIC =
            ConfigOptions.key("saga.command-topic")
                    .stringType()
                    .defaultValue("ferry-saga-commands")
                    .withDescription("Topic of saga start commands (JSON, see docs/saga.md).");

    public static final ConfigOption<String> RESULTS_TOPIC =
            ConfigOptions.key("saga.results-topic")
                    .stringType()
                    .defaultValue("ferry-saga-results")
                    .withDescription(
                            "Compacted topic, keyed by global id, where each saga's outcome is"
                                    + " written exactly once (visible at the next checkpoint).");

    public static final ConfigOption<String> FEEDBACK_TOPIC =
            ConfigOptions.key("saga.feedback-topic")
                    .stringType()
                    .defaultValue("ferry-saga-feedback")
                    .withDescription(
                            "Internal topic carrying participants' answers back to the"
                                    + " coordinator; one per saga job.");

    public static final ConfigOption<String> TRANSACTIONAL_ID_PREFIX =
            ConfigOptions.key("saga.transactional-id-prefix")
                    .stringType()
                    .defaultValue("ferry-saga")
                    .withDescription(
                            "Prefix of the results sink's Kafka transactional ids; unique per saga"
                                    + " job on one Kafka cluster.");

    public static final ConfigOption<String> CONSUMER_GROUP =
            ConfigOptions.key("saga.consumer-group")
                    .stringType()
                    .defaultValue("ferry-saga")
                    .withDescription(
                            "Consumer group of the command and feedback topics (offsets live in"
                                    + " checkpoints; the group is for monitoring and first start).");

    public static final ConfigOption<String> PARTICIPANTS =
            ConfigOptions.key("saga.participants")
                    .stringType()
                    .defaultValue("")
                    .withDescription(
                            "Participant databases that SQL steps name, as"
                                    + " 'name=host:port,name=host:port'.");

    public static final ConfigOption<String> PARTICIPANT_USERNAME =
            ConfigOptions.key("saga.participant-username")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "User the coordinator runs SQL steps as in every participant"
                                    + " database. Required with saga.participants.");

    public static final ConfigOption<String> PARTICIPANT_PASSWORD =
            ConfigOptions.key("saga.participant-password")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Password of saga.participant-username. Prefer the"
                                    + " FERRY_SAGA_PASSWORD environment variable, which is used"
                                    + " when this is not set.");

    public static final ConfigOption<String> BARRIER_TABLE =
            ConfigOptions.key("saga.barrier-table")
                    .stringType()
                    .defaultValue("ferry_saga.saga_barrier")
                    .withDescription(
                            "'database.table' of the sub-transaction barrier in each participant"
                                    + " database; created at start when missing.");

    public static final ConfigOption<String> OUTBOX_TABLE =
            ConfigOptions.key("saga.outbox-table")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "'database.table' of an outbox in the upstream database (upstream.*"
                                    + " options); each committed row starts the saga in its"
                                    + " 'command' column. Unset: commands come from Kafka only.");

    public static final ConfigOption<Duration> STEP_TIMEOUT =
            ConfigOptions.key("saga.step-timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(30))
                    .withDescription(
                            "How long an action may take, retries included, before the saga"
                                    + " compensates; a command's stepTimeout overrides it.");

    public static final ConfigOption<Integer> MAX_ATTEMPTS =
            ConfigOptions.key("saga.max-attempts")
                    .intType()
                    .defaultValue(3)
                    .withDescription(
                            "Attempts of an action that fails transiently (connection lost,"
                                    + " deadlock, HTTP 5xx) before the saga compensates.");

    public static final ConfigOption<Duration> RETRY_BACKOFF =
            ConfigOptions.key("saga.retry-backoff")
                    .durationType()
                    .defaultValue(Duration.ofMillis(200))
                    .withDescription(
                            "Wait before the first retry of a call; doubled at each further"
                                    + " retry up to saga.retry-max-backoff.");

    public static final ConfigOption<Duration> RETRY_MAX_BACKOFF =
            ConfigOptions.key("saga.retry-max-backoff")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(10))
                    .withDescription("Longest wait between two retries of a call.");

    public static final ConfigOption<Integer> COMPENSATION_ATTEMPTS =
            ConfigOptions.key("saga.compensation-attempts")
                    .intType()
                    .defaultValue(0)
                    .withDescription(
                            "Attempts of a compensation before the saga ends FAILED; 0 retries"
                                    + " until it succeeds, as a saga requires.");

    public static final ConfigOption<Duration> CALL_TIMEOUT =
            ConfigOptions.key("saga.call-timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(10))
                    .withDescription(
                            "Longest wait for one participant call; a call without an answer by"
                                    + " then counts as a transient failure.");

    public static final ConfigOption<Integer> MAX_IN_FLIGHT_CALLS =
            ConfigOptions.key("saga.max-in-flight-calls")
                    .intType()
                    .defaultValue(2000)
                    .withDescription(
                            "Participant calls in flight at once per coordinator subtask (Flink"
                                    + " async I/O capacity).");

    public static final ConfigOption<Integer> SQL_THREADS =
            ConfigOptions.key("saga.sql-threads")
                    .intType()
                    .defaultValue(16)
                    .withDescription(
                            "Threads (each with its own connection per participant) running SQL"
                                    + " steps per coordinator subtask; HTTP steps need none.");

    public static final ConfigOption<Integer> PARALLELISM =
            ConfigOptions.key("saga.parallelism")
                    .intType()
                    .defaultValue(1)
                    .withDescription("Parallelism of the coordinator and its participant calls.");

    public static final ConfigOption<Duration> FINISHED_RETENTION =
            ConfigOptions.key("saga.finished-retention")
                    .durationType()
                    .defaultValue(Duration.ofHours(1))
                    .withDescription(
                            "How long a finished saga's global id is remembered, so that a"
                                    + " repeated start command is ignored rather than run again.");
}
