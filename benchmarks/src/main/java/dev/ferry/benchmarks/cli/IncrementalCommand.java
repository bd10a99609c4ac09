package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.incremental.IncrementalBenchmark;
import dev.ferry.benchmarks.incremental.IncrementalPlan;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Table 2, incremental replication (DM's): what benchmarks/incremental.sh ran. */
@Command(
        name = "incremental",
        mixinStandardHelpOptions = true,
        description = {
            "Table 2, incremental replication, after TiDB DM's benchmark. Live: sysbench writes"
                    + " upstream (--threads threads) while the pipeline runs: upstream QPS/TPS and"
                    + " p95 latency, ferry's events/s into Kafka, the pipeline's rows/s until"
                    + " caught up, downstream QPS/TPS, replication delay p50/p95/p99 from a"
                    + " heartbeat and the apply's commit latency; a sweep over apply.workers and"
                    + " one over apply.batch-size, and the stock Flink CDC pipeline (mysql-cdc →"
                    + " jdbc) at the same settings. Drain: the pipeline paused (SIGSTOP) while"
                    + " sysbench writes, resumed, the catch-up timed, for ferry, the stock pipeline"
                    + " and the downstream ceiling (CeilingLoader). Ratios: ferry ÷ stock (target"
                    + " ≥ 1.5×), ferry ÷ ceiling (≥ 0.5×). Writes results/incremental/<UTC"
                    + " start>.md and PNG charts beside it.",
            "Default: live workers 4 8 16 32 64 at batch 2000, batch 100 500 at 32 workers, 10 s"
                    + " each, oltp_insert; drains of oltp_insert and oltp_write_only at 32"
                    + " workers, 20 s; 4 x 20,000 rows. --quick: oltp_insert only; live workers"
                    + " 16, batch 2000, 15 s; drain 16 workers, 10 s; 4 x 10,000 rows. --smoke:"
                    + " oltp_insert only; live workers 4, batch 500, 5 s; drain 4 workers, 5 s;"
                    + " 4 x 2,000 rows."
        })
final class IncrementalCommand implements Callable<Integer> {
    @Mixin SizeOptions size;

    @Mixin ServiceOptions services;

    @Spec CommandSpec spec;

    @Option(
            names = "--workers",
            paramLabel = "\"N ...\"",
            description =
                    "apply.workers of the live runs (1-64, space-separated), at the largest batch"
                            + " size. Default: \"4 8 16 32 64\"; --quick \"16\"; --smoke \"4\".")
    String workers;

    @Option(
            names = "--batch-sizes",
            paramLabel = "\"N ...\"",
            description =
                    "apply.batch-size of the live runs (1-20000), at the live workers nearest 32;"
                            + " the largest is also the drains'. Default: \"100 500 2000\";"
                            + " --quick \"2000\"; --smoke \"500\".")
    String batchSizes;

    @Option(
            names = "--workloads",
            paramLabel = "\"W ...\"",
            description =
                    "sysbench workloads of the drains, oltp_insert and/or oltp_write_only; the"
                            + " first is also the live runs'. Default: \"oltp_insert"
                            + " oltp_write_only\"; --quick and --smoke \"oltp_insert\".")
    String workloads;

    @Option(
            names = "--drain-workers",
            paramLabel = "\"N ...\"",
            description =
                    "Workers of the drains (1-64): ferry's apply.workers, the stock pipeline's"
                            + " parallelism and the ceiling's connections. Default: \"32\";"
                            + " --quick \"16\"; --smoke \"4\".")
    String drainWorkers;

    @Option(
            names = "--live-seconds",
            paramLabel = "N",
            description = "sysbench's --time of each live run. Default: 10; --quick 15; --smoke 5.")
    Integer liveSeconds;

    @Option(
            names = "--drain-seconds",
            paramLabel = "N",
            description =
                    "sysbench's --time of each drain (the backlog). Default: 20; --quick 10;"
                            + " --smoke 5.")
    Integer drainSeconds;

    @Option(
            names = "--rows-per-table",
            paramLabel = "N",
            description =
                    "sysbench's rows in each of its 4 tables (100-100000000), copied by ferry"
                            + " first. Default: 20000; --quick 10000; --smoke 2000.")
    Integer rowsPerTable;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "32",
            description = "sysbench's threads (1-3600). Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; the report goes to its incremental/. Default:"
                            + " ${DEFAULT-VALUE}.")
    Path results;

    @Override
    public Integer call() throws Exception {
        IncrementalPlan plan = plan();
        BenchmarkServices found = services.open(System.getenv());
        String command =
                "benchmarks/ferry-bench incremental"
                        + size.scriptFlags().stream()
                                .map(flag -> " " + flag)
                                .reduce("", String::concat);
        Path report = new IncrementalBenchmark(plan, command).run(found, results, System.getenv());
        System.out.println("written to " + report);
        return 0;
    }

    /** The run's plan from the size and the flags; a flag out of bounds is a usage error (2). */
    IncrementalPlan plan() {
        try {
            return planOf();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private IncrementalPlan planOf() {
        IncrementalPlan.Size chosen =
                switch (size.size()) {
                    case FULL -> IncrementalPlan.Size.FULL;
                    case QUICK -> IncrementalPlan.Size.QUICK;
                    case SMOKE -> IncrementalPlan.Size.SMOKE;
                };
        return IncrementalPlan.of(
                chosen,
                new IncrementalPlan.Flags(
                        workers,
                        batchSizes,
                        workloads,
                        drainWorkers,
                        liveSeconds,
                        drainSeconds,
                        rowsPerTable,
                        threads));
    }
}
