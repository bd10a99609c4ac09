package dev.ferry.benchmarks.cli;

/**
 * The size of a saga run: sagas per saga column, seconds of each direct column and of sysbench, and
 * sysbench's rows per table, by {@code --quick}/{@code --smoke} unless given.
 */
record SagaSize(int sagas, int seconds, int sysbenchRows) {

    static SagaSize of(SizeOptions.Size size, Integer sagas, Integer seconds) {
        SagaSize defaults =
                switch (size) {
                    case FULL -> new SagaSize(20_000, 30, 100_000);
                    case QUICK -> new SagaSize(5_000, 15, 10_000);
                    case SMOKE -> new SagaSize(500, 5, 1_000);
                };
        SagaSize chosen =
                new SagaSize(
                        sagas == null ? defaults.sagas : sagas,
                        seconds == null ? defaults.seconds : seconds,
                        defaults.sysbenchRows);
        if (chosen.sagas < 2 || chosen.seconds < 1) {
            throw new IllegalArgumentException(
                    "--sagas must be at least 2 and --seconds at least 1, got "
                            + chosen.sagas
                            + " and "
                            + chosen.seconds);
        }
        return chosen;
    }
}
