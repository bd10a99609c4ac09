package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.run.MachineSection;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.summary.SuiteTable;
import dev.ferry.benchmarks.summary.SummaryReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The suite's tables one after the other, each as its own subcommand with the same size and service
 * flags (containers start once for all of them), then results/SUMMARY.md. A table that fails is
 * reported as such in the summary; the others still run.
 */
@Command(
        name = "all",
        mixinStandardHelpOptions = true,
        description =
                "Runs the tables one after the other (by default the four tables: import,"
                        + " incremental, funnel, load), then writes results/SUMMARY.md: a link to"
                        + " each table's latest report and the ratios it states, and those of the"
                        + " latest drain and saga reports.")
final class AllCommand implements Callable<Integer> {
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    @Mixin SizeOptions size;

    @Mixin ServiceOptions services;

    @Option(
            names = "--tables",
            defaultValue = "import incremental funnel load",
            description =
                    "The tables to run, separated by spaces (also drain and saga); the summary"
                            + " still links the latest report of every table. --tables \"\" runs"
                            + " none and only rewrites the summary from the latest reports."
                            + " Default: ${DEFAULT-VALUE}.")
    String tables;

    @Option(
            names = "--results",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; every table's and SUMMARY.md. Default: ${DEFAULT-VALUE}.")
    Path results;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        List<String> chosen =
                tables.isBlank() ? List.of() : Arrays.asList(tables.strip().split("\\s+"));
        chosen.forEach(SuiteTable::of); // an unknown table fails before anything runs
        size.size();
        String startedAt = STAMP.format(Instant.now());
        Map<String, String> outcomes = new LinkedHashMap<>();
        boolean failed = false;
        for (String table : chosen) {
            Progress.say(SuiteTable.of(table).title() + ": ferry-bench " + table);
            long start = System.nanoTime();
            StringWriter errors = new StringWriter();
            CommandLine line = FerryBench.commandLine();
            line.setErr(new PrintWriter(errors, true));
            List<String> args = new ArrayList<>(List.of(table));
            args.addAll(passedOn());
            int exit = line.execute(args.toArray(String[]::new));
            System.err.print(errors);
            String seconds = Figures.whole((System.nanoTime() - start) / 1e9);
            if (exit == 0) {
                outcomes.put(table, "ran in " + seconds + " s");
            } else {
                failed = true;
                outcomes.put(
                        table, "FAILED after " + seconds + " s: " + lastLine(errors.toString()));
            }
        }
        String command =
                "ferry-bench all"
                        + String.join("", size.scriptFlags().stream().map(f -> " " + f).toList())
                        + (chosen.isEmpty() ? " --tables \"\"" : "");
        String written =
                "Written by `"
                        + command
                        + "` at "
                        + startedAt
                        + (chosen.isEmpty() ? ", from the latest reports (no table run)" : "")
                        + ". Each table's peers were measured in the same run as ferry, on the machine"
                        + " of its report; the ratios are what carries over to other machines.";
        String summary = SummaryReport.of(results, written, MachineSection.hostOnly(), outcomes);
        Files.createDirectories(results);
        Path file = results.resolve("SUMMARY.md");
        Files.writeString(file, summary, StandardCharsets.UTF_8);
        System.out.println();
        System.out.println(summary);
        Progress.say("report written to " + file);
        return failed ? 1 : 0;
    }

    /** The options given to all, but --tables, as the tables' subcommands take them. */
    private List<String> passedOn() {
        List<String> args = new ArrayList<>();
        for (OptionSpec option : spec.commandLine().getParseResult().matchedOptions()) {
            if (option.longestName().equals("--tables")) {
                continue;
            }
            args.add(option.longestName());
            if (option.arity().max() > 0) {
                args.addAll(option.originalStringValues());
            }
        }
        return args;
    }

    private static String lastLine(String errors) {
        String[] lines = errors.strip().split("\n");
        String last = lines[lines.length - 1];
        return (last.length() > 200 ? last.substring(0, 200) : last).replace('|', '/');
    }
}
