package dev.ferry.jobs.cli;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/** Finds the known name a mistyped one was most likely meant to be, for a "did you mean" hint. */
public final class Suggestion {
    private Suggestion() {}

    /**
     * The candidate closest to {@code typed} by edit distance, when it is close enough to be a
     * typo: at most a third of the typed name's length, and at most 4 edits.
     */
    public static Optional<String> closest(String typed, Collection<String> candidates) {
        int limit = Math.min(4, Math.max(1, typed.length() / 3));
        return candidates.stream()
                .min(Comparator.comparingInt((String c) -> distance(typed, c)))
                .filter(c -> distance(typed, c) <= limit);
    }

    /** Levenshtein distance, ignoring case. */
    static int distance(String a, String b) {
        String x = a.toLowerCase();
        String y = b.toLowerCase();
        int[] previous = new int[y.length() + 1];
        int[] current = new int[y.length() + 1];
        for (int j = 0; j <= y.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= x.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= y.length(); j++) {
                int substitution = previous[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[y.length()];
    }
}
