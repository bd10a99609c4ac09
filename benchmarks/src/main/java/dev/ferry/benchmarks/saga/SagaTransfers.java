package dev.ferry.benchmarks.saga;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferry.saga.kafka.OutcomeJson;
import dev.ferry.saga.model.SagaOutcome;
import dev.ferry.saga.model.SagaStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Transfer sagas through a running coordinator job: sends a batch of start commands to its command
 * topic and follows its results topic until each saga's outcome is there. Throughput is counted
 * from the coordinator's own times (first start to last finish), so the results sink's
 * checkpoint-paced visibility does not blur it.
 */
final class SagaTransfers implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TransferWorkload workload;
    private final Compilers compilers;
    private final String commandTopic;
    private final KafkaProducer<byte[], byte[]> producer;
    private final Map<String, SagaOutcome> outcomes = new ConcurrentHashMap<>();

    /**
     * Outcomes seen per run (the global id without its number), so that waiting for a run's end
     * costs nothing while the coordinator is measured.
     */
    private final Map<String, LongAdder> ended = new ConcurrentHashMap<>();

    private final Thread follower;
    private volatile boolean closed;

    SagaTransfers(
            TransferWorkload workload,
            Compilers compilers,
            String bootstrap,
            String commandTopic,
            String results) {
        this.workload = workload;
        this.compilers = compilers;
        this.commandTopic = commandTopic;
        Properties producing = new Properties();
        producing.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        producing.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        producer =
                new KafkaProducer<>(
                        producing, new ByteArraySerializer(), new ByteArraySerializer());
        Properties consuming = new Properties();
        consuming.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        consuming.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consuming.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(
                        consuming, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions =
                consumer.partitionsFor(results, Duration.ofSeconds(30)).stream()
                        .map(p -> new TopicPartition(results, p.partition()))
                        .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // fix the start before any saga runs
        follower =
                new Thread(
                        () -> {
                            try (consumer) {
                                while (!closed) {
                                    for (ConsumerRecord<byte[], byte[]> record :
                                            consumer.poll(Duration.ofMillis(200))) {
                                        SagaOutcome outcome =
                                                OutcomeJson.read(
                                                        new String(
                                                                record.value(),
                                                                StandardCharsets.UTF_8));
                                        if (outcomes.put(outcome.gid(), outcome) == null) {
                                            String gid = outcome.gid();
                                            ended.computeIfAbsent(
                                                            gid.substring(0, gid.lastIndexOf('-')),
                                                            run -> new LongAdder())
                                                    .increment();
                                        }
                                    }
                                }
                            }
                        },
                        "results-follower");
        follower.setDaemon(true);
        follower.start();
    }

    /**
     * Runs {@code sagas} transfers of {@code sqlPerBranch} statements per branch (0: no business
     * SQL), per second from the coordinator's first start to its last finish; {@code onStart} runs
     * once the commands are built, just before the first is sent.
     */
    Throughput run(String variant, int sagas, int sqlPerBranch, boolean barrier, Runnable onStart)
            throws Exception {
        String prefix = variant + "-" + Long.toHexString(System.nanoTime());
        // Commands are built before the first is sent, and the JIT compiles what building them
        // made hot, so that neither competes with the coordinator for the CPU while it is measured.
        List<byte[]> commands = new ArrayList<>();
        for (int i = 0; i < sagas; i++) {
            commands.add(
                    command(prefix + "-" + i, sqlPerBranch, barrier)
                            .getBytes(StandardCharsets.UTF_8));
        }
        compilers.awaitQuiet(Duration.ofSeconds(10));
        onStart.run();
        for (byte[] command : commands) {
            producer.send(new ProducerRecord<>(commandTopic, command));
        }
        producer.flush();
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        while (count(prefix) < sagas) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        variant + ": only " + count(prefix) + " of " + sagas + " sagas ended");
            }
            Thread.sleep(100);
        }
        long firstStart = Long.MAX_VALUE;
        long lastFinish = 0;
        for (SagaOutcome outcome : outcomes.values()) {
            if (outcome.gid().startsWith(prefix + "-")) {
                if (outcome.status() != SagaStatus.COMMITTED) {
                    throw new IllegalStateException(variant + ": " + outcome);
                }
                firstStart = Math.min(firstStart, outcome.startedAt());
                lastFinish = Math.max(lastFinish, outcome.finishedAt());
            }
        }
        return new Throughput(sagas, sagas / Math.max(0.001, (lastFinish - firstStart) / 1000.0));
    }

    private long count(String prefix) {
        LongAdder count = ended.get(prefix);
        return count == null ? 0 : count.sum();
    }

    private String command(String gid, int sqlPerBranch, boolean barrier) {
        ObjectNode command = JSON.createObjectNode();
        command.put("gid", gid);
        command.put("barrier", barrier);
        ArrayNode steps = command.putArray("steps");
        int from = workload.randomAccount();
        int to = workload.randomAccount();
        steps.add(step(gid, "out", "bank1", from, -1, sqlPerBranch));
        steps.add(step(gid, "in", "bank2", to, 1, sqlPerBranch));
        return command.toString();
    }

    private ObjectNode step(
            String gid, String branch, String bank, int account, long delta, int sqlPerBranch) {
        ObjectNode step = JSON.createObjectNode();
        step.put("branch", branch);
        step.set("action", sql(bank, workload.branch(gid, branch, account, delta, sqlPerBranch)));
        step.set(
                "compensation",
                sql(bank, workload.branch(gid, branch, account, -delta, sqlPerBranch)));
        return step;
    }

    private static ObjectNode sql(String bank, List<String> statements) {
        ObjectNode call = JSON.createObjectNode();
        call.put("participant", bank);
        ArrayNode sql = call.putArray("sql");
        statements.forEach(sql::add);
        return call;
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        follower.join();
        producer.close();
    }
}
