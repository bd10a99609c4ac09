package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.load.LoadBenchmark;
import dev.ferry.benchmarks.load.LoadSettings;
import dev.ferry.benchmarks.load.LoadSize;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Table 4, PolarDB-X CDC's load levels and large transactions (what benchmarks/load.sh ran): the
 * options, then {@link LoadBenchmark}.
 */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        description = {
            "Table 4, load levels and large transactions, as PolarDB-X CDC's performance page."
                    + " Writes results/load/<UTC start>.md and its PNG charts.",
            "(a) sysbench at fixed rates, each a share of the pipeline's own maximum (a burst at"
                    + " full speed, measured first), with ferry's capture and apply running live:"
                    + " DT (heartbeat rows timed upstream -> downstream, and the apply's"
                    + " replicationDelayMs), BPS, EPS and TPS from the apply's counters over each"
                    + " level's steady window, and the CPU of every process.",
            "(b) single upstream transactions of increasing size applied with the apply heap at"
                    + " 512 MB: each is written while the apply is paused, and once its END record"
                    + " is in Kafka the apply is resumed and timed until all rows are visible"
                    + " downstream, while a reader checks it never sees part of them; a backlog of"
                    + " small transactions, before and after, is the baseline.",
            "With --checkpoint-intervals, the capture is restarted from its checkpoint with each"
                    + " job.checkpoint-interval in turn, and at each the burst, the idle CPU and the"
                    + " levels are measured again (freshness against cost); --rounds repeats that,"
                    + " even rounds taking the intervals in reverse order. The levels' rates stay"
                    + " those of the first interval's first burst."
        })
final class LoadCommand implements Callable<Integer> {
    @Mixin SizeOptions size;

    @Mixin ServiceOptions services;

    @Spec CommandSpec spec;

    @Option(
            names = "--levels",
            paramLabel = "<percents>",
            description =
                    "Load levels, %% of the pipeline's maximum, 1-400, space-separated. Default:"
                            + " \"25 50 75 100\"; --quick \"25 50 100\"; --smoke \"50 100\".")
    String levels;

    @Option(
            names = "--seconds",
            description =
                    "Seconds of each level, 8-3600 (the burst takes half as long; the first"
                            + " quarter of a level is left out of its steady window). Default: 20;"
                            + " --quick 20; --smoke 8.")
    Integer seconds;

    @Option(
            names = "--workloads",
            paramLabel = "<workloads>",
            description =
                    "sysbench workloads, oltp_write_only and/or oltp_insert, space-separated."
                            + " Default: oltp_write_only.")
    String workloads;

    @Option(
            names = "--checkpoint-intervals",
            paramLabel = "<durations>",
            description =
                    "The capture's job.checkpoint-interval values to compare, space-separated"
                            + " durations like 250ms or 2s. Default: the option unset (2 s), no"
                            + " comparison.")
    String checkpointIntervals;

    @Option(
            names = "--rounds",
            defaultValue = "1",
            description =
                    "Rounds over the checkpoint intervals, 1-20 (more than 1 also makes the"
                            + " comparison section). Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(
            names = "--idle-seconds",
            defaultValue = "10",
            description =
                    "Seconds of idle CPU measured at each interval when intervals are compared,"
                            + " 1-600. Default: ${DEFAULT-VALUE}.")
    int idleSeconds;

    @Option(
            names = "--sizes",
            paramLabel = "<MB>",
            description =
                    "Large transactions' sizes in MB (1,000 rows of 1 KB per MB), 1-20000,"
                            + " space-separated. Default: \"32 256 1024\"; --quick \"16 64 128\";"
                            + " --smoke \"4 16\".")
    String sizes;

    @Option(
            names = "--small-mb",
            description =
                    "MB of the small transactions' backlog (transactions of 10 rows), 1-20000."
                            + " Default: 64; --quick 32; --smoke 4.")
    Integer smallMb;

    @Option(
            names = "--threads",
            defaultValue = "4",
            description = "sysbench threads, 1-256. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--no-levels", description = "Skip (a), the load levels.")
    boolean noLevels;

    @Option(names = "--no-large", description = "Skip (b), the large transactions.")
    boolean noLarge;

    @Option(
            names = "--results",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; the report goes to its load/. Default: ${DEFAULT-VALUE}.")
    Path results;

    @Override
    public Integer call() throws Exception {
        LoadSettings settings = settings();
        BenchmarkServices found = services.open(System.getenv());
        // the parse's original arguments are the whole command line's, "load" included
        String commandLine = commandLine(spec.commandLine().getParseResult().originalArgs());
        new LoadBenchmark(settings, commandLine).run(found, results);
        return 0;
    }

    /** The command as the report quotes it: a value holding spaces in double quotes. */
    static String commandLine(java.util.List<String> originalArgs) {
        StringBuilder text = new StringBuilder("benchmarks/ferry-bench");
        for (String arg : originalArgs) {
            text.append(' ').append(arg.contains(" ") ? "\"" + arg + "\"" : arg);
        }
        return text.toString();
    }

    /** The flags over the size's defaults; a bad value is a usage error naming it. */
    LoadSettings settings() {
        LoadSize defaults =
                switch (size.size()) {
                    case FULL -> LoadSize.FULL;
                    case QUICK -> LoadSize.QUICK;
                    case SMOKE -> LoadSize.SMOKE;
                };
        try {
            return LoadSettings.of(
                    defaults,
                    new LoadSettings.Flags(
                            levels,
                            seconds,
                            workloads,
                            sizes,
                            smallMb,
                            threads,
                            checkpointIntervals,
                            rounds,
                            idleSeconds,
                            noLevels,
                            noLarge));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
