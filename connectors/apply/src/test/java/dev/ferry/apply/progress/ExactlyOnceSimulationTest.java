package dev.ferry.apply.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.apply.assembly.TransactionAssembler;
import dev.ferry.apply.assembly.UpstreamTransaction;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.TransactionInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/**
 * The exactly-once protocol of transactional apply, end to end in memory: transactions spread over
 * two change partitions and the END partition, read in a random interleaving, committed in a random
 * order by "workers", progress saved at random moments, and crashes at random moments that throw
 * away everything not saved. Every transaction must end applied exactly once.
 */
class ExactlyOnceSimulationTest {
    private static final TableId A = TableId.of("d", "a");
    private static final TableId B = TableId.of("d", "b");
    private static final TopicPartition PA = new TopicPartition("ferry.d.a", 0);
    private static final TopicPartition PB = new TopicPartition("ferry.d.b", 0);
    private static final TopicPartition ENDS = new TopicPartition("ferry-transactions", 0);

    /** A record of the simulated Kafka log. */
    private record Entry(ChangeEvent change, TransactionEnd end) {}

    private final Map<TopicPartition, List<Entry>> log = new LinkedHashMap<>();

    // The downstream: what was applied, the applied-transaction records and the saved offsets.
    private final Map<String, Integer> appliedCount = new HashMap<>();
    private final Map<String, AppliedCommit> appliedRecords = new HashMap<>();
    private Map<TopicPartition, Long> savedOffsets = new HashMap<>();

    @RepeatedTest(200)
    void everyTransactionIsAppliedOnceWhateverTheCrashes(RepetitionInfo repetition) {
        Random random = new Random(repetition.getCurrentRepetition());
        int transactions = 60;
        writeLog(random, transactions);
        for (int run = 0; run < 30; run++) {
            if (runUntilCrash(random, run == 29)) {
                break;
            }
        }
        assertThat(appliedCount).hasSize(transactions);
        assertThat(appliedCount.values()).as("applications per transaction").containsOnly(1);
    }

    private void writeLog(Random random, int transactions) {
        log.put(PA, new ArrayList<>());
        log.put(PB, new ArrayList<>());
        log.put(ENDS, new ArrayList<>());
        for (int t = 0; t < transactions; t++) {
            long pos = 1000 + t * 10L;
            String id = "file=bin.000001,pos=" + pos;
            int kind = random.nextInt(3); // a only, b only, both
            Map<TableId, Long> counts = new HashMap<>();
            int order = 0;
            if (kind != 1) {
                log.get(PA).add(new Entry(change(A, id, ++order, t), null));
                counts.put(A, 1L);
            }
            if (kind != 0) {
                log.get(PB).add(new Entry(change(B, id, ++order, t), null));
                counts.put(B, 1L);
            }
            log.get(ENDS)
                    .add(
                            new Entry(
                                    null,
                                    new TransactionEnd(id, "bin.000001", pos, 1, order, counts)));
        }
    }

    private static ChangeEvent change(TableId table, String id, int order, long row) {
        return ChangeEvent.insert(
                table,
                Map.of("id", row),
                List.of("id"),
                new ChangeEvent.Metadata(
                        new SourcePosition("bin.000001", 1, 0, 1, 1, false),
                        new TransactionInfo(id, order, 1),
                        1));
    }

    /** One process lifetime; true when it drained everything. */
    private boolean runUntilCrash(Random random, boolean noCrash) {
        Map<TopicPartition, Long> restart = new HashMap<>(savedOffsets);
        ApplyProgress progress = new ApplyProgress(restart, List.copyOf(appliedRecords.values()));
        TransactionAssembler assembler =
                new TransactionAssembler(
                        progress,
                        progress.appliedIds(),
                        t -> true,
                        Long.MAX_VALUE,
                        Long.MAX_VALUE,
                        Path.of("/tmp"),
                        // Few: END records wait often, and a crash finds some waiting.
                        2);
        Map<TopicPartition, Integer> position = new HashMap<>();
        log.keySet().forEach(p -> position.put(p, restart.getOrDefault(p, 0L).intValue()));
        List<UpstreamTransaction> inFlight = new ArrayList<>();
        int steps = noCrash ? Integer.MAX_VALUE : random.nextInt(120);
        for (int step = 0; step < steps; step++) {
            int action = random.nextInt(10);
            if (action < 6) {
                List<TopicPartition> readable =
                        log.keySet().stream()
                                .filter(p -> position.get(p) < log.get(p).size())
                                .toList();
                if (readable.isEmpty() && inFlight.isEmpty()) {
                    save(progress);
                    return true;
                }
                if (!readable.isEmpty()) {
                    TopicPartition p = readable.get(random.nextInt(readable.size()));
                    int offset = position.get(p);
                    position.put(p, offset + 1);
                    Entry entry = log.get(p).get(offset);
                    if (entry.end() != null) {
                        assembler.addEnd(entry.end(), p, offset);
                    } else {
                        assembler.addChange(entry.change(), p, offset, 10);
                    }
                    for (UpstreamTransaction tx = assembler.pollComplete();
                            tx != null;
                            tx = assembler.pollComplete()) {
                        inFlight.add(tx);
                    }
                }
            } else if (action < 9 && !inFlight.isEmpty()) {
                // a worker commits one to three transactions (any of those in flight) together,
                // with their record
                List<UpstreamTransaction> batch = new ArrayList<>();
                for (int n = 1 + random.nextInt(3); n > 0 && !inFlight.isEmpty(); n--) {
                    batch.add(inFlight.remove(random.nextInt(inFlight.size())));
                }
                batch.forEach(tx -> appliedCount.merge(tx.id(), 1, Integer::sum));
                AppliedCommit commit = AppliedCommit.of(batch);
                appliedRecords.put(commit.key(), commit);
                progress.committed(batch);
            } else {
                save(progress);
            }
        }
        return false; // crash: in-memory state is lost
    }

    /** What ProgressStore.save does: offsets, and delete the records no restart can reach. */
    private void save(ApplyProgress progress) {
        ApplyProgress.Snapshot snapshot = progress.snapshot();
        savedOffsets = new HashMap<>(snapshot.restartOffsets());
        snapshot.unreachable().forEach(appliedRecords::remove);
        progress.forget(snapshot.unreachable());
    }
}
