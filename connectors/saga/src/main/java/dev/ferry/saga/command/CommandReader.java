package dev.ferry.saga.command;

import dev.ferry.saga.coordinator.SagaEvent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apache.flink.api.common.functions.MapFunction;

/**
 * Turns a raw start command into the coordinator's event, checking it on the way: a poison command
 * becomes an INVALID event (keyed by its global id, or by a digest of its text when it has none)
 * that ends as a FAILED outcome naming the problem.
 */
public final class CommandReader implements MapFunction<String, SagaEvent> {
    private final SagaCommandParser parser;

    public CommandReader(SagaCommandParser parser) {
        this.parser = parser;
    }

    @Override
    public SagaEvent map(String command) {
        try {
            return SagaEvent.start(parser.parse(command).gid(), command);
        } catch (InvalidCommandException e) {
            String gid = e.gid() != null ? e.gid() : "invalid-" + digest(command);
            return SagaEvent.invalid(gid, e.getMessage());
        }
    }

    private static String digest(String command) {
        try {
            byte[] hash =
                    MessageDigest.getInstance("SHA-256")
                            .digest(String.valueOf(command).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
