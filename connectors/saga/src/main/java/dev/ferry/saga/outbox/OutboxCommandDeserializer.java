package dev.ferry.saga.outbox;

import java.nio.charset.StandardCharsets;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Struct;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;
import org.apache.flink.util.Collector;

/**
 * Reads the start command (as UTF-8 bytes, as the command topic carries it) out of each row
 * inserted into the outbox table. The binlog holds only committed transactions, so a business
 * transaction that rolls back never reaches here; updates and deletes of outbox rows (clean-up)
 * start nothing.
 */
public final class OutboxCommandDeserializer implements DebeziumDeserializationSchema<byte[]> {
    /** The outbox column holding the JSON start command. */
    public static final String COMMAND_COLUMN = "command";

    @Override
    public void deserialize(SourceRecord record, Collector<byte[]> out) {
        if (!(record.value() instanceof Struct value) || value.schema().field("op") == null) {
            return; // not a row change
        }
        if (!"c".equals(value.getString("op"))) {
            return;
        }
        Struct after = value.getStruct("after");
        if (after != null && after.schema().field(COMMAND_COLUMN) != null) {
            Object command = after.get(COMMAND_COLUMN);
            if (command != null) {
                out.collect(command.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Override
    public TypeInformation<byte[]> getProducedType() {
        return PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO;
    }
}
