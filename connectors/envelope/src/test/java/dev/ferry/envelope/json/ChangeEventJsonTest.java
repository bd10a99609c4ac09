package dev.ferry.envelope.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.Operation;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionInfo;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChangeEventJsonTest {
    private static final TableId ORDERS = TableId.of("shop", "orders");
    private static final ChangeEvent.Metadata BINLOG =
            new ChangeEvent.Metadata(
                    new SourcePosition("mysql-bin.000003", 4567, 1, 1, 1_700_000_000_000L, false),
                    new TransactionInfo("file=mysql-bin.000003,pos=4400", 2, 1),
                    1_700_000_000_123L);

    private final ChangeEventSerializer serializer = new ChangeEventSerializer("ferry");
    private final ChangeEventDeserializer deserializer = new ChangeEventDeserializer();

    private static Map<String, Object> row(Object... columnsAndValues) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < columnsAndValues.length; i += 2) {
            row.put((String) columnsAndValues[i], columnsAndValues[i + 1]);
        }
        return row;
    }

    @Test
    void valueIsDebeziumShapedAndCarriesPositionAndTransaction() throws Exception {
        ChangeEvent update =
                ChangeEvent.update(
                        ORDERS,
                        row("id", 7L, "note", "old"),
                        row("id", 7L, "note", "new 🚀"),
                        List.of("id"),
                        BINLOG);

        JsonNode json = new ObjectMapper().readTree(serializer.serializeValue(update));

        assertThat(json.get("op").asText()).isEqualTo("u");
        assertThat(json.get("before").get("note").asText()).isEqualTo("old");
        assertThat(json.get("after").get("note").asText()).isEqualTo("new 🚀");
        assertThat(json.get("source").get("db").asText()).isEqualTo("shop");
        assertThat(json.get("source").get("table").asText()).isEqualTo("orders");
        assertThat(json.get("source").get("file").asText()).isEqualTo("mysql-bin.000003");
        assertThat(json.get("source").get("pos").asLong()).isEqualTo(4567);
        assertThat(json.get("source").get("ts_ms").asLong()).isEqualTo(1_700_000_000_000L);
        assertThat(json.get("transaction").get("id").asText()).startsWith("file=");
        assertThat(json.get("transaction").get("total_order").asLong()).isEqualTo(2);
    }

    @Test
    void snapshotRowsHaveNoTransaction() throws Exception {
        ChangeEvent read =
                ChangeEvent.snapshotRead(
                        ORDERS,
                        row("id", 1L),
                        List.of("id"),
                        new ChangeEvent.Metadata(
                                new SourcePosition("mysql-bin.000001", 4, 0, 1, 0, true), null, 5));

        JsonNode json = new ObjectMapper().readTree(serializer.serializeValue(read));

        assertThat(json.get("op").asText()).isEqualTo("r");
        assertThat(json.get("transaction").isNull()).isTrue();
        assertThat(json.get("source").get("snapshot").asText()).isEqualTo("true");
    }

    @Test
    void keyHoldsThePrimaryKeyInOrder() {
        ChangeEvent insert =
                ChangeEvent.insert(
                        ORDERS, row("b", 2L, "a", 1L, "x", "y"), List.of("a", "b"), BINLOG);

        String key = new String(serializer.serializeKey(insert), StandardCharsets.UTF_8);

        assertThat(key).isEqualTo("{\"a\":1,\"b\":2}");
    }

    @Test
    void roundTripKeepsEveryValueKind() {
        Map<String, Object> after =
                row(
                        "id",
                        new BigInteger("18446744073709551615"),
                        "small",
                        42L,
                        "price",
                        new BigDecimal("1234.5600"),
                        "ratio",
                        0.25d,
                        "flag",
                        true,
                        "blob",
                        new byte[] {0, 1, (byte) 255},
                        "text",
                        "ü😀",
                        "missing",
                        null);
        ChangeEvent insert = ChangeEvent.insert(ORDERS, after, List.of("id"), BINLOG);

        ChangeEvent back =
                deserializer.deserialize(
                        serializer.serializeKey(insert), serializer.serializeValue(insert));

        assertThat(back.operation()).isEqualTo(Operation.CREATE);
        assertThat(back.table()).isEqualTo(ORDERS);
        assertThat(back.keyColumns()).containsExactly("id");
        assertThat(back.after().get("id")).isEqualTo(new BigInteger("18446744073709551615"));
        assertThat(back.after().get("small")).isEqualTo(42L);
        assertThat(back.after().get("price")).isEqualTo("1234.5600");
        assertThat(back.after().get("ratio")).isEqualTo(0.25d);
        assertThat(back.after().get("flag")).isEqualTo(true);
        assertThat(back.after().get("blob")).isEqualTo("AAH/");
        assertThat(back.after().get("text")).isEqualTo("ü😀");
        assertThat(back.after()).containsEntry("missing", null);
        assertThat(back.source()).isEqualTo(BINLOG.source());
        assertThat(back.transaction()).isEqualTo(BINLOG.transaction());
        assertThat(back.captureTimestampMs()).isEqualTo(BINLOG.captureTimestampMs());
    }

    @Test
    void changesOfOneTableShareTheirTableIdAndKeyColumns() {
        ChangeEvent first = ChangeEvent.insert(ORDERS, row("id", 1L), List.of("id"), BINLOG);
        ChangeEvent second = ChangeEvent.insert(ORDERS, row("id", 2L), List.of("id"), BINLOG);
        ChangeEvent other =
                ChangeEvent.insert(
                        TableId.of("shop", "lines"), row("id", 1L), List.of("id"), BINLOG);

        ChangeEvent a = roundTrip(first);
        ChangeEvent b = roundTrip(second);
        ChangeEvent c = roundTrip(other);

        assertThat(a.table()).isSameAs(b.table()).isEqualTo(ORDERS);
        assertThat(a.keyColumns()).isSameAs(b.keyColumns()).containsExactly("id");
        assertThat(c.table()).isNotEqualTo(a.table()).isEqualTo(TableId.of("shop", "lines"));
        assertThat(b.after()).containsEntry("id", 2L);
    }

    @Test
    void parsersRunningAtOnceDoNotShareBuffers() throws Exception {
        // One deserializer on several threads: each parse still sees only its own record.
        java.util.concurrent.ExecutorService threads =
                java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<Boolean>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long base = t * 1_000_000L;
                results.add(
                        threads.submit(
                                () -> {
                                    for (long i = base; i < base + 2_000; i++) {
                                        ChangeEvent in =
                                                ChangeEvent.insert(
                                                        ORDERS,
                                                        row("id", i, "note", "n" + i),
                                                        List.of("id"),
                                                        BINLOG);
                                        ChangeEvent out = roundTrip(in);
                                        if (!out.after().equals(in.after())) {
                                            return false;
                                        }
                                    }
                                    return true;
                                }));
            }
            for (java.util.concurrent.Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    private ChangeEvent roundTrip(ChangeEvent event) {
        return deserializer.deserialize(
                serializer.serializeKey(event), serializer.serializeValue(event));
    }

    @Test
    void updateThatMovesThePrimaryKeyIsRecognised() {
        ChangeEvent same =
                ChangeEvent.update(
                        ORDERS,
                        row("id", 1L, "v", 1L),
                        row("id", 1L, "v", 2L),
                        List.of("id"),
                        BINLOG);
        ChangeEvent moved =
                ChangeEvent.update(
                        ORDERS,
                        row("id", 1L, "v", 1L),
                        row("id", 2L, "v", 1L),
                        List.of("id"),
                        BINLOG);

        assertThat(same.changesKey()).isFalse();
        assertThat(moved.changesKey()).isTrue();
        assertThat(moved.keyBefore()).containsEntry("id", 1L);
        assertThat(moved.key()).containsEntry("id", 2L);
    }

    @Test
    void poisonRecordsGetAClearError() {
        byte[] key = "{\"id\":1}".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(
                        () ->
                                deserializer.deserialize(
                                        key, "not json".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EnvelopeFormatException.class)
                .hasMessageContaining("not a change envelope");
        assertThatThrownBy(
                        () ->
                                deserializer.deserialize(
                                        key, "{\"after\":{}}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EnvelopeFormatException.class)
                .hasMessageContaining("'op'");
        assertThatThrownBy(
                        () -> deserializer.deserialize(null, "{}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(EnvelopeFormatException.class)
                .hasMessageContaining("primary key");
    }
}
