package org.apache.flink.cdc.connectors.mysql.source;

import static dev.ferry.capture.source.DebeziumRecords.insert;
import static dev.ferry.capture.source.DebeziumRecords.transaction;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.capture.source.CaptureRecord;
import dev.ferry.capture.source.ChangeEventDeserializer;
import dev.ferry.capture.source.DebeziumRecords;
import dev.ferry.capture.source.TransactionBoundaryEmitter;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.cdc.connectors.mysql.source.offset.BinlogOffset;
import org.apache.flink.cdc.connectors.mysql.source.reader.MySqlRecordEmitter;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlBinlogSplit;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlBinlogSplitState;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplit;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplitSerializer;
import org.apache.flink.cdc.connectors.mysql.source.split.SourceRecords;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

/**
 * Pins what ferry's transaction boundaries rely on in Flink CDC 3.5 (package-private API and
 * behaviour of its record emitter). When one of these fails after an upgrade, read its message: it
 * names what to check in TransactionBoundaryEmitter or EmitterReplacingSourceFactory.
 */
class EmitterReplacingSourceFactoryTest {

    private static MySqlSource<CaptureRecord> source() {
        ChangeEventDeserializer deserializer = new ChangeEventDeserializer();
        MySqlSource<CaptureRecord> built =
                MySqlSource.<CaptureRecord>builder()
                        .hostname("localhost")
                        .port(3306)
                        .username("u")
                        .password("p")
                        .databaseList("db")
                        .tableList("db.t")
                        .deserializer(deserializer)
                        .build();
        return EmitterReplacingSourceFactory.withEmitter(
                built, deserializer, TransactionBoundaryEmitter::create);
    }

    private static List<CaptureRecord> emitThroughTheStockEmitter(
            MySqlBinlogSplitState split, SourceRecord... records) throws Exception {
        DebeziumRecords.Output<CaptureRecord> output = new DebeziumRecords.Output<>();
        new MySqlRecordEmitter<>(new ChangeEventDeserializer(), DebeziumRecords.metrics(), false)
                .emitRecord(new SourceRecords(List.of(records)), output, split);
        return output.records;
    }

    @Test
    void theSourceCreatesItsReadersEmitterThroughTheSupplier() throws Exception {
        MySqlSource<CaptureRecord> source = InstantiationUtil.clone(source());

        Field field;
        try {
            field = MySqlSource.class.getDeclaredField("recordEmitterSupplier");
        } catch (NoSuchFieldException e) {
            throw new AssertionError(
                    "MySqlSource no longer has 'recordEmitterSupplier': check how createReader"
                            + " builds its MySqlRecordEmitter and adapt"
                            + " EmitterReplacingSourceFactory",
                    e);
        }
        field.setAccessible(true);
        MySqlRecordEmitter<CaptureRecord> emitter =
                ((MySqlSource.RecordEmitterSupplier<CaptureRecord>) field.get(source))
                        .get(DebeziumRecords.metrics(), source.getConfigFactory().createConfig(0));

        assertThat(emitter)
                .as("the emitter MySqlSource's readers use (after the source was serialized)")
                .isInstanceOf(TransactionBoundaryEmitter.class);
        assertThat(source.getProducedType().getTypeClass()).isEqualTo(CaptureRecord.class);
    }

    @Test
    void theStockEmitterDropsTransactionRecords() throws Exception {
        MySqlBinlogSplitState split =
                DebeziumRecords.binlogSplit(BinlogOffset.ofBinlogFilePosition("f", 4));

        List<CaptureRecord> out =
                emitThroughTheStockEmitter(
                        split, transaction("BEGIN", 700, 0), transaction("END", 700, 1));

        assertThat(out)
                .as(
                        "Flink CDC now emits Debezium's BEGIN/END records itself: check that"
                                + " TransactionBoundaryEmitter still sees them and does not emit"
                                + " two ENDs")
                .isEmpty();
    }

    @Test
    void theStockEmitterCheckpointsDebeziumsTransactionKeysWhichDebeziumCannotRestore()
            throws Exception {
        MySqlBinlogSplitState split =
                DebeziumRecords.binlogSplit(BinlogOffset.ofBinlogFilePosition("f", 4));

        emitThroughTheStockEmitter(split, insert(700, 1, 1));
        Map<String, String> offset = split.getStartingOffset().getOffset();

        assertThat(offset)
                .as(
                        "the split offset Flink CDC keeps from a change (if it no longer holds"
                                + " transaction_* keys, TransactionBoundaryEmitter's rewrite may"
                                + " be unnecessary)")
                .containsKey("transaction_data_collection_order_db.t");
        assertThatThrownBy(() -> io.debezium.pipeline.txmetadata.TransactionContext.load(offset))
                .as(
                        "Debezium now restores string transaction counts: the offset rewrite in"
                                + " TransactionBoundaryEmitter may be unnecessary")
                .isInstanceOf(ClassCastException.class);
    }

    @Test
    void theSplitSerializerKeepsEveryOffsetKey() throws Exception {
        Map<String, String> offset = new HashMap<>();
        offset.put("file", "mysql-bin.000002");
        offset.put("pos", "700");
        offset.put("ferry.tx.id", "file=mysql-bin.000002,pos=700");
        offset.put("ferry.tx.count.db.t", "2");
        MySqlBinlogSplit split =
                new MySqlBinlogSplit(
                        "binlog-split",
                        new BinlogOffset(offset),
                        BinlogOffset.ofNonStopping(),
                        List.of(),
                        Map.of(),
                        0);

        MySqlSplitSerializer serializer = MySqlSplitSerializer.INSTANCE;
        MySqlSplit restored =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(split));

        assertThat(restored.asBinlogSplit().getStartingOffset().getOffset())
                .as(
                        "a checkpointed binlog split lost offset keys: TransactionTracker keeps its"
                                + " state there and needs another place")
                .containsAllEntriesOf(offset);
    }
}
