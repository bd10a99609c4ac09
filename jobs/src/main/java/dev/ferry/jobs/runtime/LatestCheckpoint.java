package dev.ferry.jobs.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the newest completed checkpoint under a job's checkpoint directory ({@code
 * <dir>/<job-id>/chk-<n>/_metadata}); a checkpoint without {@code _metadata} never completed.
 */
public final class LatestCheckpoint {
    private LatestCheckpoint() {}

    public static Optional<Path> in(Path directory) {
        if (!Files.isDirectory(directory)) {
            return Optional.empty();
        }
        try (Stream<Path> jobs = Files.list(directory)) {
            return jobs.filter(Files::isDirectory)
                    .flatMap(LatestCheckpoint::completedCheckpoints)
                    .max(Comparator.comparingLong(LatestCheckpoint::modifiedAt));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Stream<Path> completedCheckpoints(Path jobDirectory) {
        try (Stream<Path> entries = Files.list(jobDirectory)) {
            return entries
                    .filter(p -> p.getFileName().toString().startsWith("chk-"))
                    .filter(p -> Files.isRegularFile(p.resolve("_metadata")))
                    .toList()
                    .stream();
        } catch (IOException e) {
            return Stream.empty();
        }
    }

    private static long modifiedAt(Path checkpoint) {
        try {
            return Files.getLastModifiedTime(checkpoint.resolve("_metadata")).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
