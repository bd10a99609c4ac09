package dev.ferry.envelope.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TransactionEndJsonTest {
    @Test
    void roundTripsEveryField() {
        TransactionEnd end =
                new TransactionEnd(
                        "file=mysql-bin.000003,pos=4",
                        "mysql-bin.000003",
                        4,
                        1732180000000L,
                        3,
                        Map.of(TableId.of("bank", "a"), 2L, TableId.of("bank", "b"), 1L));

        TransactionEnd read = TransactionEndJson.parse(TransactionEndJson.serialize(end));

        assertThat(read).isEqualTo(end);
    }

    @Test
    void endRecordsOfOneTableShareItsIdAndTheBinlogFileName() {
        TableId table = TableId.of("bank", "a");
        TransactionEnd first =
                TransactionEndJson.parse(
                        TransactionEndJson.serialize(
                                new TransactionEnd(
                                        "file=mysql-bin.000003,pos=4",
                                        "mysql-bin.000003",
                                        4,
                                        1,
                                        1,
                                        Map.of(table, 1L))));
        TransactionEnd second =
                TransactionEndJson.parse(
                        TransactionEndJson.serialize(
                                new TransactionEnd(
                                        "file=mysql-bin.000003,pos=90",
                                        "mysql-bin.000003",
                                        90,
                                        2,
                                        1,
                                        Map.of(table, 1L))));

        assertThat(second.file()).isSameAs(first.file());
        assertThat(second.eventCountByTable().keySet().iterator().next())
                .isSameAs(first.eventCountByTable().keySet().iterator().next());
    }

    @Test
    void readsDebeziumShapeAndSkipsUnknownFields() {
        String json =
                "{\"status\":\"END\",\"id\":\"t1\",\"extra\":{\"x\":[1]},\"event_count\":2,"
                        + "\"data_collections\":[{\"data_collection\":\"d.t\",\"event_count\":2}],"
                        + "\"source\":{\"file\":\"f.1\",\"pos\":9,\"row\":0}}";

        TransactionEnd end = TransactionEndJson.parse(json.getBytes(StandardCharsets.UTF_8));

        assertThat(end.eventCount()).isEqualTo(2);
        assertThat(end.eventCountByTable()).containsEntry(TableId.of("d", "t"), 2L);
        assertThat(end.position()).isEqualTo(9);
    }

    @Test
    void refusesBeginAndGarbage() {
        assertThatThrownBy(
                        () ->
                                TransactionEndJson.parse(
                                        "{\"status\":\"BEGIN\",\"id\":\"t\"}"
                                                .getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EnvelopeFormatException.class)
                .hasMessageContaining("status END");
        assertThatThrownBy(() -> TransactionEndJson.parse("[1]".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EnvelopeFormatException.class);
    }
}
