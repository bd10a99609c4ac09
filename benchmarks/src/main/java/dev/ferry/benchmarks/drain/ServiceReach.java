package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.SqlClient;
import java.io.IOException;
import java.sql.SQLException;

/**
 * Checks, before anything is measured, that the run reaches both servers and Kafka, so that a wrong
 * port or a stopped service fails at once with an error that names the service and what to do.
 */
final class ServiceReach {
    private ServiceReach() {}

    static void check(BenchRun run) throws IOException, InterruptedException {
        reach("upstream", run.upstream());
        reach("downstream", run.downstream());
        try {
            run.kafka().ends("^" + run.runId() + "$");
        } catch (IOException e) {
            throw new IOException(
                    "cannot reach Kafka at "
                            + run.services().kafkaBootstrap()
                            + " ("
                            + e.getMessage()
                            + "): start it (bin/services start) or give --kafka",
                    e);
        }
    }

    private static void reach(String side, SqlClient client) throws IOException {
        try {
            client.value("SELECT 1");
        } catch (SQLException e) {
            throw new IOException(
                    "cannot reach the "
                            + side
                            + " at "
                            + client.endpoint().address()
                            + " as "
                            + client.endpoint().username()
                            + " ("
                            + e.getMessage().lines().findFirst().orElse("")
                            + "): start it (bin/services start), or give --"
                            + side
                            + "-host, --"
                            + side
                            + "-port and its user and password file",
                    e);
        }
    }
}
