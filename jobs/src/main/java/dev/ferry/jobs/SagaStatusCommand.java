package dev.ferry.jobs;

import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaClientConfig;
import dev.ferry.jobs.cli.JobArguments;
import dev.ferry.options.KafkaOptions;
import dev.ferry.options.SagaOptions;
import dev.ferry.saga.kafka.OutcomeJson;
import dev.ferry.saga.kafka.OutcomeLookup;
import dev.ferry.saga.model.SagaOutcome;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.apache.flink.configuration.Configuration;

/**
 * {@code ferry.jar saga status <gid>}: prints a saga's outcome from the results topic as JSON (exit
 * 0), or says that none is there yet (exit 1).
 */
final class SagaStatusCommand {
    private SagaStatusCommand() {}

    static int run(List<String> args, PrintStream out) {
        if (args.isEmpty() || args.get(0).startsWith("--")) {
            throw new FerryConfigException(
                    "usage: ferry.jar saga status <global id> [--config file] [--key value ...]");
        }
        String gid = args.get(0);
        Configuration options = JobArguments.parse(args.subList(1, args.size()));
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
            return 1;
        }
        out.println(OutcomeJson.write(outcome.get()));
        return 0;
    }
}
