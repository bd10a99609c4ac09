package org.apache.flink.cdc.connectors.mysql.source;

import java.io.Serializable;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfig;
import org.apache.flink.cdc.connectors.mysql.source.metrics.MySqlSourceReaderMetrics;
import org.apache.flink.cdc.connectors.mysql.source.reader.MySqlRecordEmitter;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;

/**
 * Builds a {@link MySqlSource} that emits through a record emitter of ferry's. Flink CDC 3.5 allows
 * that only through its package-private constructor and {@code RecordEmitterSupplier}, hence this
 * package; {@code EmitterReplacingSourceFactoryTest} fails when an upgrade changes either. The
 * source it builds also checkpoints its snapshot state consistently ({@link
 * ConsistentSnapshotMySqlSource}).
 */
public final class EmitterReplacingSourceFactory {
    private EmitterReplacingSourceFactory() {}

    /** Creates the record emitter of one source reader. */
    @FunctionalInterface
    public interface EmitterFactory<T> extends Serializable {
        MySqlRecordEmitter<T> create(MySqlSourceReaderMetrics metrics, MySqlSourceConfig config);
    }

    /**
     * A source with {@code built}'s configuration whose readers emit through {@code emitters}, and
     * whose enumerator checkpoints a consistent copy of its state; {@code deserializer} must be the
     * one {@code built} was given (it names the produced type).
     */
    public static <T> MySqlSource<T> withEmitter(
            MySqlSource<T> built,
            DebeziumDeserializationSchema<T> deserializer,
            EmitterFactory<T> emitters) {
        return withEmitter(built, deserializer, emitters, () -> {});
    }

    /** Work a JVM must do before its enumerator or reader connects (writing TLS key stores). */
    @FunctionalInterface
    public interface Preparation extends Serializable {
        void prepare();
    }

    /**
     * As {@link #withEmitter(MySqlSource, DebeziumDeserializationSchema, EmitterFactory)}, and runs
     * {@code preparation} in every JVM before its enumerator or reader is created.
     */
    public static <T> MySqlSource<T> withEmitter(
            MySqlSource<T> built,
            DebeziumDeserializationSchema<T> deserializer,
            EmitterFactory<T> emitters,
            Preparation preparation) {
        return new PreparedMySqlSource<>(
                built.getConfigFactory(), deserializer, emitters::create, preparation);
    }
}
