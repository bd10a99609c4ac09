package dev.ferry.benchmarks.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** How big a run is: the full table (default), {@code --quick}, or {@code --smoke} (CI). */
final class SizeOptions {
    /** A run's size. */
    enum Size {
        FULL,
        QUICK,
        SMOKE
    }

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--quick", description = "A shorter run with smaller data (minutes).")
    boolean quick;

    @Option(names = "--smoke", description = "The smallest run that still measures (CI).")
    boolean smoke;

    /** The size chosen; --quick and --smoke together are a usage error. */
    Size size() {
        if (quick && smoke) {
            throw new ParameterException(
                    mixee.commandLine(), "--quick and --smoke exclude each other: pick one");
        }
        return smoke ? Size.SMOKE : quick ? Size.QUICK : Size.FULL;
    }

    /** The same size as an old script's flags. */
    List<String> scriptFlags() {
        return switch (size()) {
            case QUICK -> List.of("--quick");
            case SMOKE -> List.of("--smoke");
            case FULL -> List.of();
        };
    }
}
