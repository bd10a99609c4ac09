package dev.ferry.saga.coordinator;

import dev.ferry.saga.participant.StepResult;

/**
 * What reaches the coordinator for one global id: a start command, a command that could not be
 * read, or a participant's answer. A Flink POJO; exactly one of command, reason, result is set.
 */
public class SagaEvent {
    /** Which of the three events this is. */
    public enum Kind {
        START,
        INVALID,
        RESULT
    }

    public String gid;
    public Kind kind;

    /** The start command's UTF-8 JSON (START), kept as bytes: it is copied as it came. */
    public byte[] command;

    /** Why the command cannot run (INVALID). */
    public String reason;

    /** The participant's answer (RESULT). */
    public StepResult result;

    public SagaEvent() {}

    public static SagaEvent start(String gid, byte[] command) {
        SagaEvent event = new SagaEvent();
        event.gid = gid;
        event.kind = Kind.START;
        event.command = command;
        return event;
    }

    public static SagaEvent invalid(String gid, String reason) {
        SagaEvent event = new SagaEvent();
        event.gid = gid;
        event.kind = Kind.INVALID;
        event.reason = reason;
        return event;
    }

    public static SagaEvent result(StepResult result) {
        SagaEvent event = new SagaEvent();
        event.gid = result.gid;
        event.kind = Kind.RESULT;
        event.result = result;
        return event;
    }
}
