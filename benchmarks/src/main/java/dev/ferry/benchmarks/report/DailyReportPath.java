package dev.ferry.benchmarks.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;

/**
 * One report file per run named by its UTC date: {@code 2026-11-26.md}, and a second run on the
 * same day {@code 2026-11-26-2.md}, … instead of replacing the first (as saga.sh names them).
 */
public final class DailyReportPath {
    private static final int MOST = 99;

    private DailyReportPath() {}

    /** The first free name in {@code folder} for a run on {@code day}. */
    public static Path next(Path folder, LocalDate day) {
        Path path = folder.resolve(day + ".md");
        for (int n = 2; Files.exists(path); n++) {
            if (n > MOST) {
                throw new IllegalStateException(
                        "more than "
                                + MOST
                                + " reports of "
                                + day
                                + " in "
                                + folder
                                + ": move some away");
            }
            path = folder.resolve(day + "-" + n + ".md");
        }
        return path;
    }
}
