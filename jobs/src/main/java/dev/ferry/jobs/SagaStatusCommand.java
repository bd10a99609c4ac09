package dev.ferry.jobs;

import dev.ferry.config.KafkaClientConfig;
import dev.ferry.jobs.cli.ConfigArguments;
import dev.ferry.options.KafkaOptions;
import dev.ferry.options.SagaOptions;
import dev.ferry.saga.kafka.OutcomeJson;
import dev.ferry.saga.kafka.OutcomeLookup;
import dev.ferry.saga.model.SagaOutcome;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.flink.configuration.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ferry.jar saga status <gid>}: prints a saga's outcome from the results topic as JSON (exit
 * 0), or says that none is there yet (exit 1).
 */
@Command(
        name = "status",
        description = "Print a saga's outcome from the results topic (exit 1 when none yet).")
final class SagaStatusCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help and exit.")
    boolean help;

    @Parameters(index = "0", paramLabel = "GID", description = "The saga's global id.")
    String gid;

    @Override
    public Integer call() {
        Configuration options = ConfigArguments.read(spec.commandLine().getParseResult());
        PrintWriter out = spec.commandLine().getOut();
        Optional<SagaOutcome> outcome =
                OutcomeLookup.find(
                        KafkaClientConfig.from(
                                options,
                                options.get(KafkaOptions.BOOTSTRAP_SERVERS),
                                System::getenv),
                        options.get(SagaOptions.RESULTS_TOPIC),
                        gid);
        if (outcome.isEmpty()) {
            out.println("no outcome for saga '" + gid + "' yet (running, or never started)");
        } else {
            out.println(OutcomeJson.write(outcome.get()));
        }
        out.flush();
        return outcome.isEmpty() ? 1 : 0;
    }
}
