package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BuildMeansTest {
    @Test
    void meansArePerBuildAndFigureOverItsRounds() {
        BuildMeans means = new BuildMeans(2);
        means.add(0, 10, 100);
        means.add(1, 30, 300);
        means.add(0, 20, 200);
        means.add(1, 50, 500);
        assertThat(means.mean(0, 0)).isEqualTo(15);
        assertThat(means.mean(0, 1)).isEqualTo(150);
        assertThat(means.mean(1, 0)).isEqualTo(40);
        assertThat(means.mean(1, 1)).isEqualTo(400);
    }

    @Test
    void aBuildWithoutRoundsHasNoMean() {
        BuildMeans means = new BuildMeans(1);
        means.add(1, 5);
        assertThat(means.mean(0, 0)).isNaN();
        assertThat(means.mean(2, 0)).isNaN();
        assertThat(means.mean(1, 0)).isEqualTo(5);
    }

    @Test
    void theWrongNumberOfFiguresIsRefused() {
        assertThatThrownBy(() -> new BuildMeans(2).add(0, 1))
                .hasMessageContaining("expected 2 figures, got 1");
    }
}
