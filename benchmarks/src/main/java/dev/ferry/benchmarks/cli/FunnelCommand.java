package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.funnel.FunnelBenchmark;
import dev.ferry.benchmarks.funnel.FunnelSettings;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * Table 3, Canal's stage funnel (what benchmarks/funnel.sh ran): the same report, to
 * results/funnel/.
 */
@Command(
        name = "funnel",
        mixinStandardHelpOptions = true,
        description = {
            "Table 3, Canal's stage funnel: row changes/s and MB/s after each stage of the"
                    + " pipeline, on one binlog backlog, for a bulk workload (statements of 1,000"
                    + " rows: INSERT, UPDATE, DELETE half, INSERT it again) and single-row"
                    + " sysbench oltp_insert: 1 binlog read and 2 event parse"
                    + " (mysql-binlog-connector-java probe), 3 change events and 4 Kafka produce"
                    + " (the capture job: envelope ts_ms and record timestamps), 5 a plain"
                    + " KafkaConsumer, 6 the apply job into the downstream, and end to end with"
                    + " capture and apply together on a second, equal backlog.",
            "Each backlog is written while capture and apply are paused (SIGSTOP); stages 3-4 run"
                    + " with only the capture resumed, 1, 2 and 5 while it idles, 6 with only the"
                    + " apply resumed. The report gives binlog : envelope size, end to end ÷ binlog"
                    + " read against the 50%% target, and the CPU of each process per stage, and"
                    + " goes to results/funnel/<UTC start>.md with two PNG charts.",
            "Sizes: default 60,000 bulk rows (180,000 row changes) and 40,000 inserts; --quick"
                    + " 30,000 and 20,000; --smoke 4,000 and 2,000."
        })
final class FunnelCommand implements Callable<Integer> {
    @Mixin SizeOptions size;

    @Mixin ServiceOptions services;

    @Spec CommandSpec spec;

    @Option(
            names = "--bulk-rows",
            paramLabel = "N",
            description =
                    "Rows of the bulk workload, a multiple of 2000 (3 row changes each). Default:"
                            + " 60000; --quick 30000; --smoke 4000.")
    Integer bulkRows;

    @Option(
            names = "--single-rows",
            paramLabel = "N",
            description =
                    "Single-row inserts (sysbench oltp_insert transactions), at least 1000."
                            + " Default: 40000; --quick 20000; --smoke 2000.")
    Integer singleRows;

    @Option(
            names = "--workers",
            paramLabel = "N",
            defaultValue = "16",
            description = "The apply's apply.workers, 1 to 64. Default: ${DEFAULT-VALUE}.")
    int workers;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "4",
            description =
                    "sysbench's threads for the single-row inserts, 1 to 256. Default:"
                            + " ${DEFAULT-VALUE}.")
    int threads;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; the report goes to its funnel/. Default: ${DEFAULT-VALUE}.")
    Path results;

    @Override
    public Integer call() throws Exception {
        FunnelSettings settings;
        try {
            settings =
                    FunnelSettings.of(sizeOf(size.size()), bulkRows, singleRows, workers, threads);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        BenchmarkServices found = services.open(System.getenv());
        new FunnelBenchmark(settings, commandLine()).run(found, results);
        return 0;
    }

    static FunnelSettings.Size sizeOf(SizeOptions.Size size) {
        return switch (size) {
            case FULL -> FunnelSettings.Size.FULL;
            case QUICK -> FunnelSettings.Size.QUICK;
            case SMOKE -> FunnelSettings.Size.SMOKE;
        };
    }

    /** The command as typed, for the report (no password is ever a flag). */
    private String commandLine() {
        List<String> words = new ArrayList<>(List.of("benchmarks/ferry-bench", "funnel"));
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        // A subcommand may be handed the whole command line: keep what follows its name.
        int name = given.indexOf(spec.name());
        words.addAll(name >= 0 ? given.subList(name + 1, given.size()) : given);
        return String.join(" ", words);
    }
}
