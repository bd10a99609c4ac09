package dev.ferry.saga.model;

/** Which half of a step a call runs: the action, or the compensation that undoes it. */
public enum Operation {
    ACTION("action"),
    COMPENSATION("compensation");

    private final String label;

    Operation(String label) {
        this.label = label;
    }

    /** The name written in barrier rows, HTTP requests and logs. */
    public String label() {
        return label;
    }
}
