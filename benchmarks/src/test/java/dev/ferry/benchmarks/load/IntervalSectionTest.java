package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IntervalSectionTest {
    private final LoadSettings settings =
            LoadSettings.of(
                    LoadSize.QUICK,
                    new LoadSettings.Flags(
                            "50", null, null, null, null, 4, "2s 250ms", 2, 10, false, true));
    private final LoadResults results = new LoadResults();
    private final Map<String, Heartbeats> heartbeats = new HashMap<>();

    private void level(String interval, int round, double captureCpu, List<Double> delays) {
        String key = "oltp_write_only-50@" + interval + "#" + round;
        results.record(
                key,
                Map.of(
                        "rate", 500.0,
                        "changes", 100_000.0,
                        "cpuc_capture", captureCpu,
                        "cpuc_apply", 1.0,
                        "cpuc_kafka", 1.0,
                        "wall", 20.0,
                        "cpu_capture", 4.0));
        Heartbeats beats = new Heartbeats(delays.size(), delays);
        heartbeats.put(key, beats);
        results.record(
                key,
                Map.of(
                        "sent", (double) beats.sent(),
                        "arrived", (double) beats.arrived(),
                        "p50_ms", beats.percentile(0.5),
                        "p95_ms", beats.percentile(0.95),
                        "p99_ms", beats.percentile(0.99),
                        "max_ms", beats.percentile(1)));
        results.record(
                "oltp_write_only-max@" + interval + "#" + round,
                Map.of("up_tps", 1000.0 + round, "tail_s", 1.0 * round));
        results.record(
                "idle@" + interval + "#" + round,
                Map.of(
                        "wall",
                        10.0,
                        "cpu_capture",
                        round * 1.0,
                        "cpu_apply",
                        0.5,
                        "cpu_kafka",
                        0.2));
    }

    @Test
    void poolsTheRoundsHeartbeatsAndComparesEachIntervalWithTheFirst() {
        level("2s", 1, 2.0, List.of(900.0, 1000.0, 1100.0));
        level("2s", 2, 2.0, List.of(1200.0));
        level("250ms", 1, 4.0, List.of(100.0, 200.0));
        level("250ms", 2, 6.0, List.of(300.0));
        StringBuilder md = new StringBuilder();
        new IntervalSection(settings, results, heartbeats).append(md);
        String text = md.toString();
        assertThat(text).contains("### `oltp_write_only` at 50% (500 tx/s)");
        // 2s pooled: 900, 1000, 1100, 1200: p50 1000, p99 1200, not under 1 s; capture 20 µs
        // per change both rounds, all three 40 µs: ratio 1.00 to itself; bursts 1001.5 tx/s and
        // 1.5 s; idle capture (0.1 + 0.2) / 2 = 0.15 cores
        assertThat(text)
                .contains(
                        "| 2s | 1,000 | 1,200 | 1,200 | 1,200 | no | 20.0 / 10.0 / 10.0 | 1.00×,"
                                + " 1.00× | 1,002 / 1.5 s | 0.15 / 0.05 / 0.02 |");
        // 250ms: capture 40 and 60 µs (mean 50), all three 60 and 80 against 40: 1.50×, 2.00×
        assertThat(text)
                .contains(
                        "| 250ms | 200 | 300 | 300 | 300 | yes | 50.0 / 10.0 / 10.0 | 1.50×,"
                                + " 2.00× |");
        // round 2 takes the intervals in reverse order
        assertThat(text.indexOf("| 250ms | 2 |")).isLessThan(text.indexOf("| 2s | 2 |"));
        assertThat(text)
                .contains(
                        "| 250ms | 2 | — | 300 / 300 / 300 / 300 | 1 / 1 | 60.0 / 10.0 / 10.0 | 3.00×, 1.00×, 1.00× |");
    }
}
