package org.apache.flink.cdc.connectors.mysql.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import org.apache.flink.cdc.connectors.mysql.debezium.reader.BinlogSplitReader;
import org.apache.flink.cdc.connectors.mysql.debezium.task.context.StatefulTaskContext;
import org.apache.flink.cdc.connectors.mysql.source.reader.MySqlSplitReader;
import org.junit.jupiter.api.Test;

/**
 * Pins the Flink CDC 3.5 internals BinlogGuardingSplitReader reaches the binlog client through;
 * when this fails after an upgrade, find the binlog reader's client anew.
 */
class BinlogGuardingSplitReaderTest {
    @Test
    void theSplitReaderKeepsItsBinlogReaderWhereTheGuardLooks() {
        assertThat(
                        BinlogGuardingSplitReader.field(
                                        MySqlSplitReader.class, "reusedBinlogReader")
                                .getType())
                .isEqualTo(BinlogSplitReader.class);
    }

    @Test
    void theBinlogReaderKeepsTheClientInItsTaskContext() throws Exception {
        assertThat(
                        BinlogGuardingSplitReader.field(
                                        BinlogSplitReader.class, "statefulTaskContext")
                                .getType())
                .isEqualTo(StatefulTaskContext.class);
        assertThat(StatefulTaskContext.class.getMethod("getBinaryLogClient").getReturnType())
                .isEqualTo(BinaryLogClient.class);
    }
}
