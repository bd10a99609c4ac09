package dev.ferry.jobs;

import dev.ferry.jobs.cli.ConfigArguments;
import dev.ferry.jobs.runtime.JobEnvironment;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code capture}, {@code apply} and {@code saga}: starts the job with the options given, keeps it
 * running, and cancels it (keeping its checkpoints) on Ctrl-C.
 */
@Command(sortOptions = false, usageHelpWidth = 100)
final class JobCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;

    private final String what;
    private final JobStarter starter;

    JobCommand(String what, JobStarter starter) {
        this.what = what;
        this.starter = starter;
    }

    @Override
    public Integer call() throws Exception {
        Configuration options = ConfigArguments.read(spec.commandLine().getParseResult());
        PrintWriter out = spec.commandLine().getOut();
        JobClient job = starter.start(options);
        if (!JobEnvironment.isEmbedded()) {
            // On a cluster the job lives on without this client (and a web submission cannot
            // wait for a result): report it and return.
            out.println("ferry " + what + " job " + job.getJobID() + " submitted.");
            out.flush();
            return 0;
        }
        out.println(
                "ferry "
                        + what
                        + " job "
                        + job.getJobID()
                        + " is running; Ctrl-C stops it (its checkpoints are kept for a resume).");
        out.flush();
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

    /** Starts a job from its options. */
    @FunctionalInterface
    interface JobStarter {
        JobClient start(Configuration options) throws Exception;
    }
}
