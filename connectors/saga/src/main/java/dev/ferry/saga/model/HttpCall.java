package dev.ferry.saga.model;

/**
 * A POST to a participant service carrying the global id, branch id, operation and payload.
 *
 * @param payload JSON text passed through to the service unchanged
 */
public record HttpCall(String url, String payload) implements Call {}
