package dev.ferry.benchmarks.replay;

/** The range checks the scripts' check_ints made, with their messages. */
final class WholeNumbers {
    private WholeNumbers() {}

    /** Fails with "--NAME must be a whole number from MIN to MAX, got 'V'" when out of range. */
    static int check(String option, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    option
                            + " must be a whole number from "
                            + min
                            + " to "
                            + max
                            + ", got '"
                            + value
                            + "'");
        }
        return value;
    }

    /** Fails unless {@code workload} is oltp_insert or oltp_write_only. */
    static String workload(String workload) {
        if (!workload.equals("oltp_insert") && !workload.equals("oltp_write_only")) {
            throw new IllegalArgumentException(
                    "--workload is oltp_insert or oltp_write_only, got '" + workload + "'");
        }
        return workload;
    }
}
