package dev.ferry.options;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** What the apply job does with a change-topic record that is not a ferry envelope. */
public final class PoisonRecordOptions {
    private PoisonRecordOptions() {}

    public static final ConfigOption<String> POISON_RECORDS =
            ConfigOptions.key("apply.poison-records")
                    .stringType()
                    .defaultValue("stop")
                    .withDescription(
                            "A change-topic record that is not a ferry envelope: 'stop' the job"
                                    + " naming its topic, partition and offset (nothing is lost),"
                                    + " or 'dead-letter': copy it, with headers naming where it"
                                    + " was and why, to apply.dead-letter-topic and go on. END"
                                    + " records of the transaction topic always stop.");

    public static final ConfigOption<String> DEAD_LETTER_TOPIC =
            ConfigOptions.key("apply.dead-letter-topic")
                    .stringType()
                    .defaultValue("ferry-dead-letters")
                    .withDescription(
                            "Topic (created when missing) that apply.poison-records=dead-letter"
                                    + " copies poison records to; a record may be copied again"
                                    + " after a restart.");
}
