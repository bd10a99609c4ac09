package dev.ferry.benchmarks.run;

import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** A run's progress lines on standard output, "[12:34:56] what happens", as the scripts printed. */
public final class Progress {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private Progress() {}

    public static void say(String what) {
        System.out.println("[" + LocalTime.now(ZoneOffset.UTC).format(CLOCK) + "] " + what);
        System.out.flush();
    }
}
