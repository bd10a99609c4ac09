package dev.ferry.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A TCP port free on 127.0.0.1 right now, for a test's REST or Prometheus endpoint. */
public final class FreePorts {
    private FreePorts() {}

    public static int one() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
