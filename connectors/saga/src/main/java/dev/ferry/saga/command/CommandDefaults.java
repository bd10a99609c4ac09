package dev.ferry.saga.command;

import dev.ferry.saga.model.RetryPolicy;
import java.io.Serializable;
import java.time.Duration;

/** What a start command gets for the settings it leaves out (from the saga.* options). */
public record CommandDefaults(Duration stepTimeout, RetryPolicy retry) implements Serializable {}
