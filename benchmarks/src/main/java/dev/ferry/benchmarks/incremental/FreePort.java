package dev.ferry.benchmarks.incremental;

import java.io.IOException;
import java.net.ServerSocket;

/** The first TCP port from a given one that nothing listens on (the apply's metrics endpoint). */
final class FreePort {
    private FreePort() {}

    static int from(int first) {
        for (int port = first; port < 65536; port++) {
            try (ServerSocket socket = new ServerSocket(port)) {
                return port;
            } catch (IOException taken) {
                // in use: try the next
            }
        }
        throw new IllegalStateException("no free TCP port from " + first + " up");
    }
}
