package dev.ferry.saga.model;

import java.util.List;

/**
 * Statements the coordinator runs in one local transaction of a participant database.
 *
 * @param participant the database's name in {@code saga.participants}
 */
public record SqlCall(String participant, List<String> statements) implements Call {
    public SqlCall {
        statements = List.copyOf(statements);
    }
}
