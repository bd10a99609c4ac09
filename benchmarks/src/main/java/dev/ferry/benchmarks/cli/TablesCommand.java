package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.tables.TablesBenchmark;
import dev.ferry.benchmarks.tables.TablesConfig;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The many-tables table (what benchmarks/tables.sh ran): options only; the run is TablesBenchmark.
 */
@Command(
        name = "tables",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Many tables (issue 30): the same rows spread over more and more tables, each table"
                    + " count in turn, ferry on its defaults (transaction apply with 16 workers,"
                    + " batch 2000, upstream.tables=database.*, by default one topic per database) and"
                    + " beside it the stock Flink CDC SQL pipeline mysql-cdc -> jdbc (a sink per table) on"
                    + " the same data. Per table count and pipeline: start-up (the jobs launched to"
                    + " the first row downstream), the snapshot end to end until every row is"
                    + " downstream, the CPU of every process while idle once caught up, and a"
                    + " drain of sysbench oltp_write_only over all tables (ferry: the apply paused"
                    + " while sysbench runs and the capture writes the backlog to Kafka, then"
                    + " timed until the downstream's checksum equals the upstream's; stock: the"
                    + " whole job paused, then timed end to end). Reports rates and their ratio to"
                    + " the fewest tables, idle cores and CPU µs per row per process; writes"
                    + " results/tables/<UTC start>.md.",
            "Sizes: default 200,000 rows over 4, 400 and 1,000 tables, 30 s of sysbench, 20 s"
                    + " idle; --quick 40,000 rows over 4 and 400 tables, 10 s of sysbench, 10 s"
                    + " idle; --smoke 4,000 rows over 4 and 40 tables, 5 s of sysbench, 5 s idle."
        })
final class TablesCommand implements Callable<Integer> {
    @Mixin SizeOptions size;

    @Mixin ServiceOptions services;

    @Option(
            names = "--tables",
            paramLabel = "\"N N ...\"",
            description =
                    "The table counts, in turn, separated by spaces (1 to 5000 each). Default:"
                            + " \"4 400 1000\"; --quick \"4 400\"; --smoke \"4 40\".")
    String tables;

    @Option(
            names = "--rows",
            paramLabel = "N",
            description =
                    "Rows in all (sysbench oltp_insert prepare), split evenly over the tables."
                            + " Default: 200000; --quick 40000; --smoke 4000.")
    Integer rows;

    @Option(
            names = "--seconds",
            paramLabel = "N",
            description =
                    "Seconds of sysbench oltp_write_only writing the drain's backlog. Default: 30;"
                            + " --quick 10; --smoke 5.")
    Integer seconds;

    @Option(
            names = "--idle-seconds",
            paramLabel = "N",
            description =
                    "Seconds over which the idle CPU is measured, 30 s after the last row."
                            + " Default: 20; --quick 10; --smoke 5.")
    Integer idleSeconds;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "8",
            description = "sysbench's threads for the drain's backlog. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(
            names = "--topic-layout",
            paramLabel = "database|table",
            defaultValue = "database",
            description =
                    "database: one topic for all the tables of the database (ferry's default,"
                            + " kafka.topic-pattern <tag>.{database}); table: a topic per table"
                            + " (<tag>.{database}.{table}). Default: ${DEFAULT-VALUE}.")
    String topicLayout;

    @Option(
            names = "--pipelines",
            paramLabel = "\"ferry stock\"",
            defaultValue = "ferry stock",
            description =
                    "The pipelines measured at each table count, separated by spaces: ferry,"
                            + " stock or both. Default: \"${DEFAULT-VALUE}\".")
    String pipelines;

    @Option(
            names = "--stock-parallelism",
            paramLabel = "N",
            defaultValue = "2",
            description =
                    "The stock pipeline's parallelism.default (1 to 16); each of its sinks holds a"
                            + " downstream connection per subtask. Default: ${DEFAULT-VALUE}.")
    int stockParallelism;

    @Option(
            names = "--jfr",
            paramLabel = "DIR",
            description =
                    "Profiles ferry's capture and apply with Java Flight Recorder's execution"
                            + " samples (benchmarks/conf/cpu-samples.jfc) into DIR:"
                            + " TABLES-capture-snapshot.jfr and TABLES-apply-snapshot.jfr from"
                            + " start to the last row downstream, TABLES-capture-idle.jfr over the"
                            + " idle time, TABLES-apply-drain.jfr over the apply's drain.")
    Path jfr;

    @Option(
            names = "--ferry-jar",
            paramLabel = "JAR",
            defaultValue = "jobs/target/ferry.jar",
            description = "The ferry.jar whose capture and apply run. Default: ${DEFAULT-VALUE}.")
    Path ferryJar;

    @Option(
            names = "--results",
            paramLabel = "DIR",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; the report goes to its tables/. Default: ${DEFAULT-VALUE}.")
    Path results;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        TablesConfig config;
        try {
            config =
                    TablesConfig.builder(TablesConfig.Size.valueOf(size.size().name()))
                            .tables(tables)
                            .rows(rows)
                            .seconds(seconds)
                            .idleSeconds(idleSeconds)
                            .threads(threads)
                            .topicLayout(topicLayout)
                            .pipelines(pipelines)
                            .stockParallelism(stockParallelism)
                            .jfrDir(jfr)
                            .build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        TablesBenchmark.run(config, services.open(System.getenv()), ferryJar, results);
        return 0;
    }
}
