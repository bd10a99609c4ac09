package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.probe.Args;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.RunProcess;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The funnel's probes, each its own JVM ({@code -Xmx256m}, ferry-benchmarks.jar) so that its CPU is
 * its own: {@link BinlogReadStage} for stages 1–2 and {@link KafkaConsumeStage} for stage 5 and the
 * envelopes' times. The upstream's password reaches them through the environment.
 */
public final class Probes {
    /** The binlog reader's replica server id (apart from the capture's 6400-6403). */
    static final int SERVER_ID = 6601;

    /** Passes of each probe: the first warms the JIT, the median of the others is kept. */
    static final int PASSES = 4;

    private final BenchRun run;
    private int count;

    public Probes(BenchRun run) {
        this.run = run;
    }

    /** Reads the binlog range {@code from}..{@code to} in {@code mode} (raw or parse). */
    public ProbeLine readBinlog(String mode, BinlogPosition from, BinlogPosition to)
            throws IOException, InterruptedException {
        DatabaseEndpoint up = run.services().upstream();
        return run(
                "funnel.BinlogReadStage",
                List.of(
                        "--host", up.hostname(),
                        "--port", Integer.toString(up.port()),
                        "--user", up.username(),
                        "--server-id", Integer.toString(SERVER_ID),
                        "--mode", mode,
                        "--from", from.toString(),
                        "--to", to.toString(),
                        "--passes", Integer.toString(PASSES)),
                Map.of(Args.PASSWORD_VARIABLE, up.password() == null ? "" : up.password()),
                "last_ms",
                (mode.equals("raw") ? "reading" : "parsing") + " the binlog");
    }

    /** A plain consumer reads the topics matching {@code regex} (stage 5). */
    public ProbeLine consume(String regex) throws IOException, InterruptedException {
        return run(
                "funnel.KafkaConsumeStage",
                List.of(
                        "--bootstrap", run.services().kafkaBootstrap(),
                        "--topics", regex,
                        "--passes", Integer.toString(PASSES)),
                Map.of(),
                "records",
                "consuming the topic");
    }

    /** One parsing pass over the topics for the envelopes' capture times. */
    public ProbeLine envelopeTimes(String regex) throws IOException, InterruptedException {
        return run(
                "funnel.KafkaConsumeStage",
                List.of(
                        "--bootstrap",
                        run.services().kafkaBootstrap(),
                        "--topics",
                        regex,
                        "--envelope-times",
                        "yes"),
                Map.of(),
                "last_envelope_ms",
                "reading the envelopes' times");
    }

    private ProbeLine run(
            String probe,
            List<String> arguments,
            Map<String, String> environment,
            String required,
            String what)
            throws IOException, InterruptedException {
        List<String> command =
                run.benchmarksMain(List.of("-Xmx256m"), "dev.ferry.benchmarks." + probe, arguments);
        String name = "probe-" + ++count;
        RunProcess process =
                run.processes()
                        .start(name, command, environment, run.work().resolve(name + ".log"));
        try {
            process.await();
            return ProbeLine.in(process.logText(), required, what);
        } finally {
            // Out of the measurement: a finished probe is not a process that died.
            run.processes().stop(name);
        }
    }
}
