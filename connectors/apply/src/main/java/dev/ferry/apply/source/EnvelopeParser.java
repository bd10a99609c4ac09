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

    private static FerryConfigException poison(
            RawChange record, String expected, EnvelopeFormatException e) {
        return new FerryConfigException(
                "Kafka record "
                        + record.location()
                        + " is not "
                        + expected
                        + " ("
                        + e.getMessage()
                        + "). The apply job stopped before it so nothing is lost: remove the"
                        + " producer that wrote it, then restart; see README, 'Poison records'.",
                e);
    }
}
