package dev.ferry.it.capture;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.json.TransactionEndJson;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Reads what capture wrote (ENDs, changes per transaction) and checks that they agree. */
final class CapturedTransactions {
    private static final ObjectMapper JSON = new ObjectMapper();

    private CapturedTransactions() {}

    /** Runs a script of this package ({@code {db}} replaced) on one upstream connection. */
    static void run(TestDatabase db, String script) {
        String text;
        try (InputStream in = CapturedTransactions.class.getResourceAsStream(script)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String[] statements =
                Arrays.stream(text.replace("{db}", db.name()).split(";\\s*\n"))
                        .map(
                                s ->
                                        s.lines()
                                                .filter(l -> !l.strip().startsWith("--"))
                                                .collect(Collectors.joining("\n"))
                                                .strip())
                        .filter(s -> !s.isEmpty())
                        .toArray(String[]::new);
        Sql.execute(Services.upstreamAdmin(), statements);
    }

    /**
     * Inserts a row with {@code insert} (given -1, -2, …) every two seconds until its END shows
     * that capture reads the binlog (rows the snapshot still sees get no END); returns the number
     * of ENDs then, which later ENDs come after.
     */
    static int awaitBinlog(RunningJobs jobs, String transactionTopic, IntFunction<String> insert) {
        int[] next = {-1};
        long[] lastInsert = {0};
        Await.until(
                "capture to read the binlog",
                Duration.ofMinutes(8),
                () -> {
                    jobs.assertRunning();
                    if (System.nanoTime() - lastInsert[0] > 2_000_000_000L) {
                        Sql.execute(Services.upstreamAdmin(), insert.apply(next[0]--));
                        lastInsert[0] = System.nanoTime();
                    }
                    return !ends(transactionTopic).isEmpty();
                });
        // The END of a row inserted just before may still come: wait until the count holds.
        int count = ends(transactionTopic).size();
        while (true) {
            try {
                Thread.sleep(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            int now = ends(transactionTopic).size();
            if (now == count) {
                return count;
            }
            count = now;
        }
    }

    /** The committed END records of a transaction topic, in topic order. */
    static List<TransactionEnd> ends(String transactionTopic) {
        List<TransactionEnd> ends = new ArrayList<>();
        for (ConsumerRecord<byte[], byte[]> record : TopicReader.readCommitted(transactionTopic)) {
            TransactionEnd end = TransactionEndJson.parse(record.value());
            assertThat(new String(record.key(), StandardCharsets.UTF_8))
                    .as("key of the END record")
                    .isEqualTo(end.id());
            ends.add(end);
        }
        return ends;
    }

    /** The committed binlog changes of the given topics, by transaction id. */
    static Map<String, List<JsonNode>> changesByTransaction(List<String> topics)
            throws IOException {
        Map<String, List<JsonNode>> byTransaction = new HashMap<>();
        for (String topic : topics) {
            for (ConsumerRecord<byte[], byte[]> record : TopicReader.readCommitted(topic)) {
                JsonNode envelope = JSON.readTree(record.value());
                JsonNode transaction = envelope.get("transaction");
                if (transaction != null && !transaction.isNull()) {
                    byTransaction
                            .computeIfAbsent(transaction.get("id").asText(), k -> new ArrayList<>())
                            .add(envelope);
                }
            }
        }
        return byTransaction;
    }

    /**
     * Checks that an END matches its transaction's changes: count in all and per table, orders 1..n
     * over all tables and per table, each exactly once; the id is the start position.
     */
    static void assertAgree(TransactionEnd end, List<JsonNode> changes) {
        assertThat(end.id()).isEqualTo("file=" + end.file() + ",pos=" + end.position());
        assertThat(changes).as("changes of %s", end.id()).hasSize((int) end.eventCount());
        assertThat(changes.stream().map(c -> c.get("transaction").get("total_order").asLong()))
                .as("total_order of %s", end.id())
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.rangeClosed(1, end.eventCount()).boxed().toList());
        Map<TableId, List<Long>> ordersByTable = new TreeMap<>();
        for (JsonNode change : changes) {
            JsonNode source = change.get("source");
            ordersByTable
                    .computeIfAbsent(
                            TableId.of(source.get("db").asText(), source.get("table").asText()),
                            t -> new ArrayList<>())
                    .add(change.get("transaction").get("data_collection_order").asLong());
        }
        Map<TableId, Long> countByTable = new TreeMap<>();
        ordersByTable.forEach((table, orders) -> countByTable.put(table, (long) orders.size()));
        assertThat(end.eventCountByTable())
                .as("counts per table of %s", end.id())
                .isEqualTo(countByTable);
        ordersByTable.forEach(
                (table, orders) ->
                        assertThat(orders)
                                .as("data_collection_order of %s in %s", table, end.id())
                                .containsExactlyInAnyOrderElementsOf(
                                        LongStream.rangeClosed(1, orders.size()).boxed().toList()));
    }
}
