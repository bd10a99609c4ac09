package dev.ferry.jobs;

import dev.ferry.checksum.ChecksumCommand;
import dev.ferry.config.FerryConfigException;
import dev.ferry.jobs.cli.ConfigArguments;
import dev.ferry.jobs.cli.OptionsTable;
import dev.ferry.jobs.runtime.JobEnvironment;
import dev.ferry.jobs.status.StatusCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The command line of ferry.jar, parsed by picocli: {@code capture}, {@code apply}, {@code saga},
 * {@code checksum}, {@code status} and {@code options}, each with {@code --help}. User errors print
 * one clear line and exit 2; the jobs run until stopped.
 */
@Command(
        name = "java -jar ferry.jar",
        usageHelpWidth = 100,
        synopsisHeading = "Usage: ",
        customSynopsis = {
            "java -jar ferry.jar <command> [--config file.properties] [--key value ...]",
            "       flink run jobs/target/ferry.jar <command> [...]"
        },
        description = "Replication from MySQL or MariaDB to TiDB on Apache Flink.",
        commandListHeading = "Commands:%n",
        footer = "'java -jar ferry.jar <command> --help' describes a command and its options.")
public final class FerryCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;

    private FerryCommand() {}

    public static void main(String[] args) {
        if (!JobEnvironment.isEmbedded()) {
            // A Flink client or a cluster's web submission runs this main: System.exit would stop
            // the JobManager, so report a failure by exception instead.
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            int code =
                    run(
                            Arrays.asList(args),
                            System.out,
                            new PrintStream(errors, true, StandardCharsets.UTF_8));
            System.err.print(errors.toString(StandardCharsets.UTF_8));
            if (code != 0) {
                throw new IllegalStateException(errors.toString(StandardCharsets.UTF_8).strip());
            }
            return;
        }
        // The binlog client logs through java.util.logging: send it to log4j with the rest.
        System.setProperty("java.util.logging.manager", "org.apache.logging.log4j.jul.LogManager");
        System.exit(run(Arrays.asList(args), System.out, System.err));
    }

    /** Runs one command; returns the exit code. Public so tests and embedders can call it. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() == 1 && args.get(0).equals("help")) {
            args = List.of("--help");
        }
        return commandLine(out, err).execute(args.toArray(String[]::new));
    }

    /** No command: the usage, as an error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 2;
    }

    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine ferry = new CommandLine(new FerryCommand());
        ferry.addSubcommand(
                job(
                        "capture",
                        CaptureJob::start,
                        "Snapshot the upstream tables, then stream the binlog into Kafka."));
        ferry.addSubcommand(
                job(
                        "apply",
                        ApplyJob::start,
                        "Apply the changes from Kafka to the downstream database."));
        CommandLine saga =
                job(
                        "saga",
                        SagaJob::start,
                        "Coordinate sagas (docs/saga.md); 'saga status <gid>' prints an outcome.");
        saga.addSubcommand(configured(new SagaStatusCommand()));
        ferry.addSubcommand(saga);
        ferry.addSubcommand(new CommandLine(new Checksum(out)));
        ferry.addSubcommand(configured(new StatusCommand()));
        ferry.addSubcommand(new CommandLine(new Options()));
        ferry.setOut(new PrintWriter(out, true));
        ferry.setErr(new PrintWriter(err, true));
        // "@file" would read arguments from a file: a value may start with @.
        ferry.setExpandAtFiles(false);
        ferry.setOverwrittenOptionsAllowed(true);
        ferry.setParameterExceptionHandler(FerryCommand::usageError);
        ferry.setExecutionExceptionHandler(
                (e, commandLine, parsed) -> failure(e, commandLine.getCommandName(), err));
        return ferry;
    }

    private static CommandLine job(String name, JobCommand.JobStarter starter, String what) {
        CommandLine job = configured(new JobCommand(name, starter));
        job.getCommandSpec().name(name);
        job.getCommandSpec().usageMessage().description(what);
        return job;
    }

    private static CommandLine configured(Object command) {
        CommandLine commandLine = new CommandLine(command);
        ConfigArguments.addTo(commandLine.getCommandSpec());
        return commandLine;
    }

    private static int usageError(ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        CommandLine where = e.getCommandLine();
        if (e instanceof UnmatchedArgumentException unmatched
                && where.getCommandSpec().userObject() instanceof FerryCommand) {
            err.println("ferry: unknown command '" + unmatched.getUnmatched().get(0) + "'.");
            unmatched.printSuggestions(err);
            where.usage(err);
        } else {
            err.println("ferry: " + e.getMessage());
            UnmatchedArgumentException.printSuggestions(e, err);
            err.println(
                    "'java -jar ferry.jar "
                            + where.getCommandName()
                            + " --help' lists its options.");
        }
        err.flush();
        return 2;
    }

    private static int failure(Exception e, String command, PrintStream err) {
        FerryConfigException userError = userErrorIn(e);
        if (userError != null) {
            err.println("ferry: " + userError.getMessage());
            return 2;
        }
        err.println(
                "ferry: " + command + " failed: " + rootMessage(e) + " (the log has the details)");
        e.printStackTrace(err);
        return 1;
    }

    private static FerryConfigException userErrorIn(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof FerryConfigException userError) {
                return userError;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return null;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName()
                + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }

    /** {@code checksum}: its own command line (ChecksumCommand) reads every argument. */
    @Command(
            name = "checksum",
            description = "Compare upstream and downstream tables row by row (--help).")
    static final class Checksum implements Callable<Integer> {
        @Unmatched List<String> args = new ArrayList<>();

        private final PrintStream out;

        Checksum(PrintStream out) {
            this.out = out;
        }

        @Override
        public Integer call() {
            return ChecksumCommand.run(args.toArray(String[]::new), out);
        }
    }

    /** {@code options}: every option with its default, as the README's table. */
    @Command(name = "options", description = "Print every option with its default.")
    static final class Options implements Callable<Integer> {
        @Spec CommandSpec spec;

        @Option(
                names = {"-h", "--help"},
                usageHelp = true,
                description = "Show this help and exit.")
        boolean help;

        Options() {}

        @Override
        public Integer call() {
            spec.commandLine().getOut().print(OptionsTable.markdown());
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}
