package dev.ferry.saga.command;

import dev.ferry.saga.coordinator.SagaEvent;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apache.flink.api.common.functions.MapFunction;

/**
 * Turns a raw start command (UTF-8 JSON) into the coordinator's event, keyed by its global id. Only
 * the id is read here; the coordinator reads the whole command once, and a command it cannot run
 * ends there as a FAILED outcome. A command without a readable id becomes an INVALID event keyed by
 * a digest of its bytes.
 */
public final class CommandReader implements MapFunction<byte[], SagaEvent> {
    @Override
    public SagaEvent map(byte[] command) {
        try {
            return SagaEvent.start(SagaCommandParser.gidOf(command), command);
        } catch (InvalidCommandException e) {
            return SagaEvent.invalid("invalid-" + digest(command), e.getMessage());
        }
    }

    private static String digest(byte[] command) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(command);
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
