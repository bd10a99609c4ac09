package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CaptureFiguresTest {
    @Test
    void eachPhaseIsItsReadingsDifferencePerRowOrChange() {
        CaptureFigures f =
                CaptureFigures.of(
                        new CaptureReading(100, 5, 1, 0.2, 50),
                        new CaptureReading(110, 19, 4, 0.6, 60), // 200,000 rows: 14 s of CPU
                        new CaptureReading(200, 30, 6, 1, 70),
                        new CaptureReading(205, 36, 6.5, 1.1, 70.5), // 250,000 changes: 6 s
                        200_000,
                        250_000);
        assertThat(f.snapshotSeconds()).isEqualTo(10);
        assertThat(f.snapshotMicrosPerRow()).isCloseTo(70, within(1e-9));
        assertThat(f.snapshotJitMicros()).isCloseTo(15, within(1e-9));
        assertThat(f.snapshotGcMicros()).isCloseTo(2, within(1e-9));
        assertThat(f.binlogSeconds()).isEqualTo(5);
        assertThat(f.binlogMicrosPerChange()).isCloseTo(24, within(1e-9));
        assertThat(f.binlogJitMicros()).isCloseTo(2, within(1e-9));
        assertThat(f.binlogGcMicros()).isCloseTo(0.4, within(1e-9));
        assertThat(f.brokerMicrosPerChange()).isCloseTo(2, within(1e-9));
        assertThat(f.changes()).isEqualTo(250_000);
    }

    @Test
    void noChangesOrNoBrokerPidGiveNoFigure() {
        CaptureReading r = new CaptureReading(0, 0, 0, 0, Double.NaN);
        CaptureFigures f = CaptureFigures.of(r, r, r, r, 10, 0);
        assertThat(f.binlogMicrosPerChange()).isNaN();
        assertThat(f.brokerMicrosPerChange()).isNaN();
        assertThat(f.snapshotMicrosPerRow()).isZero();
    }
}
