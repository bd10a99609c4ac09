package dev.ferry.jobs;

import dev.ferry.checksum.ChecksumCommand;
import dev.ferry.config.FerryConfigException;
import dev.ferry.jobs.cli.JobArguments;
import dev.ferry.jobs.cli.OptionsTable;
import dev.ferry.jobs.runtime.JobEnvironment;
import dev.ferry.jobs.status.StatusCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;

/**
 * The command line of ferry.jar: {@code capture}, {@code apply}, {@code checksum} and {@code
 * options}. User errors print one clear line and exit 2; the jobs run until stopped.
 */
public final class FerryCommand {
    private static final String USAGE =
            String.join(
                    "\n",
                    "usage: java -jar ferry.jar <command> [--config file.properties] [--key value ...]",
                    "       flink run jobs/target/ferry.jar <command> [...]",
                    "commands:",
                    "  capture   snapshot the upstream tables, then stream the binlog into Kafka",
                    "  apply     apply the changes from Kafka to the downstream database",
                    "  checksum  compare upstream and downstream tables row by row (--help)",
                    "  saga      coordinate sagas (docs/saga.md); 'saga status <gid>' prints an outcome",
                    "  status    phase, snapshot progress, binlog position, delay of running jobs (--help)",
                    "  options   print every option with its default");

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
        if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("help")) {
            out.println(USAGE);
            return args.isEmpty() ? 2 : 0;
        }
        String command = args.get(0);
        List<String> rest = args.subList(1, args.size());
        try {
            switch (command) {
                case "capture":
                    return runJob("capture", CaptureJob::start, JobArguments.parse(rest), out);
                case "apply":
                    return runJob("apply", ApplyJob::start, JobArguments.parse(rest), out);
                case "saga":
                    return !rest.isEmpty() && rest.get(0).equals("status")
                            ? SagaStatusCommand.run(rest.subList(1, rest.size()), out)
                            : runJob("saga", SagaJob::start, JobArguments.parse(rest), out);
                case "checksum":
                    return ChecksumCommand.run(rest.toArray(String[]::new), out);
                case "status":
                    return StatusCommand.run(rest, out);
                case "options":
                    out.print(OptionsTable.markdown());
                    return 0;
                default:
                    err.println("ferry: unknown command '" + command + "'\n" + USAGE);
                    return 2;
            }
        } catch (FerryConfigException e) {
            err.println("ferry: " + e.getMessage());
            return 2;
        } catch (Exception e) {
            FerryConfigException userError = userErrorIn(e);
            if (userError != null) {
                err.println("ferry: " + userError.getMessage());
                return 2;
            }
            err.println(
                    "ferry: "
                            + command
                            + " failed: "
                            + rootMessage(e)
                            + " (the log has the details)");
            e.printStackTrace(err);
            return 1;
        }
    }

    /** Starts a job, keeps it running, and cancels it (keeping its checkpoints) on Ctrl-C. */
    private static int runJob(
            String what, JobStarter starter, Configuration options, PrintStream out)
            throws Exception {
        JobClient job = starter.start(options);
        if (!JobEnvironment.isEmbedded()) {
            // On a cluster the job lives on without this client (and a web submission cannot
            // wait for a result): report it and return.
            out.println("ferry " + what + " job " + job.getJobID() + " submitted.");
            return 0;
        }
        out.println(
                "ferry "
                        + what
                        + " job "
                        + job.getJobID()
                        + " is running; Ctrl-C stops it (its checkpoints are kept for a resume).");
        Thread stop =
                new Thread(
                        () -> {
                            try {
                                job.cancel().get(30, TimeUnit.SECONDS);
                            } catch (Exception ignored) {
                                // the JVM is going down anyway
                            }
                        });
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            job.getJobExecutionResult().get();
            return 0;
        } catch (ExecutionException e) {
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException shuttingDown) {
                // already running the hook
            }
        }
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

    @FunctionalInterface
    private interface JobStarter {
        JobClient start(Configuration options) throws Exception;
    }
}
