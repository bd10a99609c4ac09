package dev.ferry.jobs.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatestCheckpointTest {
    @TempDir Path dir;

    private Path checkpoint(String job, String name, long modified, boolean complete)
            throws Exception {
        Path checkpoint = Files.createDirectories(dir.resolve(job).resolve(name));
        if (complete) {
            Files.setLastModifiedTime(
                    Files.createFile(checkpoint.resolve("_metadata")),
                    FileTime.fromMillis(modified));
        }
        return checkpoint;
    }

    @Test
    void picksTheNewestCompletedCheckpointAcrossJobRuns() throws Exception {
        checkpoint("job-a", "chk-7", 1_000, true);
        Path newest = checkpoint("job-b", "chk-2", 2_000, true);
        checkpoint("job-b", "chk-3", 3_000, false); // never completed: no _metadata

        assertThat(LatestCheckpoint.in(dir)).contains(newest);
    }

    @Test
    void nothingToResumeFromAnEmptyOrMissingDirectory() {
        assertThat(LatestCheckpoint.in(dir)).isEmpty();
        assertThat(LatestCheckpoint.in(dir.resolve("missing"))).isEmpty();
    }
}
