package dev.ferry.apply.source;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.json.ChangeEventDeserializer;
import dev.ferry.envelope.json.EnvelopeFormatException;
import dev.ferry.envelope.json.TransactionEndJson;

/**
 * Parses the records of the change and transaction topics, and names the Kafka record when one is
 * not what ferry's capture job writes (a poison record): the apply job stops before it.
 */
public final class EnvelopeParser {
    private final ChangeEventDeserializer deserializer = new ChangeEventDeserializer();

    public ChangeEvent parse(RawChange change) {
        try {
            return deserializer.deserialize(change.key, change.value);
        } catch (EnvelopeFormatException e) {
            throw poison(change, "a ferry change envelope", e);
        }
    }

    public TransactionEnd parseEnd(RawChange record) {
        try {
            return TransactionEndJson.parse(record.value);
        } catch (EnvelopeFormatException e) {
            throw poison(record, "a ferry transaction record", e);
        }
    }

    /** A record that is not what ferry's capture writes; the message names where it is. */
    public static final class PoisonRecordException extends FerryConfigException {
        private static final long serialVersionUID = 1L;

        PoisonRecordException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static PoisonRecordException poison(
            RawChange record, String expected, EnvelopeFormatException e) {
        return new PoisonRecordException(
                "Kafka record "
                        + record.location()
                        + " is not "
                        + expected
                        + " ("
                        + e.getMessage()
                        + "). The apply job stopped before it so nothing is lost: remove the"
                        + " producer that wrote it, then restart, or restart with"
                        + " apply.poison-records=dead-letter to copy such records to"
                        + " apply.dead-letter-topic and go on; see README, 'Poison records'.",
                e);
    }
}
