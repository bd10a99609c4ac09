package dev.ferry.capture.source;

import static dev.ferry.capture.source.DebeziumRecords.insert;
import static dev.ferry.capture.source.DebeziumRecords.transaction;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.ferry.capture.filter.ChangeFilter;
import dev.ferry.capture.route.TableRouter;
import dev.ferry.envelope.TransactionEnd;
import java.util.List;
import java.util.Map;
import org.apache.flink.cdc.connectors.mysql.source.offset.BinlogOffset;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlBinlogSplitState;
import org.apache.flink.cdc.connectors.mysql.source.split.SourceRecords;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

/** Drives the emitter with Debezium-shaped records on a binlog split, across a "restart". */
class TransactionBoundaryEmitterTest {
    private static final long TX = 700;

    private static TransactionBoundaryEmitter emitter() {
        return new TransactionBoundaryEmitter(
                new TransactionTracker(), DebeziumRecords.metrics(), false);
    }

    private static List<CaptureRecord> emit(
            TransactionBoundaryEmitter emitter,
            MySqlBinlogSplitState split,
            SourceRecord... records)
            throws Exception {
        DebeziumRecords.Output<CaptureRecord> output = new DebeziumRecords.Output<>();
        emitter.emitRecord(new SourceRecords(List.of(records)), output, split);
        return output.records;
    }

    private static long totalOrder(CaptureRecord record) {
        return ((CaptureRecord.Change) record).event().transaction().totalOrder();
    }

    @Test
    void emitsOneEndAfterTheChangesOfATransaction() throws Exception {
        MySqlBinlogSplitState split =
                DebeziumRecords.binlogSplit(BinlogOffset.ofBinlogFilePosition("f", 4));

        List<CaptureRecord> out =
                emit(
                        emitter(),
                        split,
                        transaction("BEGIN", TX, 0),
                        insert(TX, 1, 1),
                        insert(TX, 2, 2),
                        transaction("END", TX, 3),
                        transaction("BEGIN", 900, 0),
                        transaction("END", 900, 2));

        assertThat(out).hasSize(3);
        assertThat(out.subList(0, 2).stream().map(TransactionBoundaryEmitterTest::totalOrder))
                .containsExactly(1L, 2L);
        TransactionEnd end = ((CaptureRecord.End) out.get(2)).end();
        assertThat(end.id()).isEqualTo("file=mysql-bin.000002,pos=700");
        assertThat(end.eventCount()).isEqualTo(2);
    }

    @Test
    void aFilteredOutChangeIsNeitherNumberedNorCountedByTheEnd() throws Exception {
        Configuration options = new Configuration();
        options.setString("filter.rows", "db[.]t:id != 2");
        TransactionBoundaryEmitter emitter =
                new TransactionBoundaryEmitter(
                        new TransactionTracker(),
                        DebeziumRecords.metrics(),
                        false,
                        ChangeFilter.from(options),
                        TableRouter.none());
        MySqlBinlogSplitState split =
                DebeziumRecords.binlogSplit(BinlogOffset.ofBinlogFilePosition("f", 4));

        List<CaptureRecord> out =
                emit(
                        emitter,
                        split,
                        transaction("BEGIN", TX, 0),
                        insert(TX, 1, 1),
                        insert(TX, 2, 2),
                        insert(TX, 3, 3),
                        transaction("END", TX, 4),
                        transaction("BEGIN", 900, 0),
                        insert(900, 1, 2),
                        transaction("END", 900, 2));

        assertThat(out).hasSize(3); // two changes and one END: the second transaction is gone
        assertThat(out.subList(0, 2).stream().map(TransactionBoundaryEmitterTest::totalOrder))
                .containsExactly(1L, 2L);
        TransactionEnd end = ((CaptureRecord.End) out.get(2)).end();
        assertThat(end.eventCount()).isEqualTo(2);
        assertThat(end.id()).isEqualTo("file=mysql-bin.000002,pos=700");
    }

    @Test
    void keepsDebeziumsTransactionKeysOutOfTheCheckpointedOffset() throws Exception {
        MySqlBinlogSplitState split =
                DebeziumRecords.binlogSplit(BinlogOffset.ofBinlogFilePosition("f", 4));

        emit(emitter(), split, transaction("BEGIN", TX, 0), insert(TX, 1, 1));

        Map<String, String> offset = split.getStartingOffset().getOffset();
        assertThat(offset.keySet()).noneMatch(key -> key.startsWith("transaction_"));
        assertThat(offset).containsEntry("event", "1").containsEntry("ferry.tx.order", "1");
        assertThatCode(
                        () ->
                                io.debezium.pipeline.txmetadata.TransactionContext.load(
                                        split.getStartingOffset().getOffset()))
                .as("Debezium loads the offset the split is restored from")
                .doesNotThrowAnyException();
    }

    @Test
    void aRestartInsideATransactionGoesOnWithItsOrderAndEndsItOnce() throws Exception {
        MySqlBinlogSplitState before =
                DebeziumRecords.binlogSplit(BinlogOffset.ofBinlogFilePosition("f", 4));
        emit(emitter(), before, transaction("BEGIN", TX, 0), insert(TX, 1, 1), insert(TX, 2, 2));

        // The restored split; Debezium replays BEGIN and skips the two changes already emitted.
        MySqlBinlogSplitState restored = new MySqlBinlogSplitState(before.toMySqlSplit());
        TransactionBoundaryEmitter afterRestart = emitter();
        List<CaptureRecord> out =
                emit(
                        afterRestart,
                        restored,
                        transaction("BEGIN", TX, 0),
                        insert(TX, 3, 3),
                        transaction("END", TX, 4));

        assertThat(totalOrder(out.get(0))).isEqualTo(3);
        assertThat(((CaptureRecord.End) out.get(1)).end().eventCount()).isEqualTo(3);

        // Restored once more from the offset of its last change, after its END: END is replayed.
        MySqlBinlogSplitState again = new MySqlBinlogSplitState(restored.toMySqlSplit());
        assertThat(emit(emitter(), again, transaction("BEGIN", TX, 0), transaction("END", TX, 4)))
                .as("a replayed END")
                .isEmpty();
    }
}
