package dev.ferry.it.support;

import dev.ferry.checksum.DatabaseComparator;
import dev.ferry.checksum.DatabaseComparison;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/** Compares a test database upstream and downstream with the project's checksum utility. */
public final class Replicas {
    private Replicas() {}

    public static DatabaseComparison compare(TestDatabase database) {
        try (Connection source = Connections.open(Services.upstreamAdmin());
                Connection target = Connections.open(Services.downstreamAdmin())) {
            return new DatabaseComparator().compare(source, target, database.name());
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits until downstream equals upstream row by row; the last comparison on failure. */
    public static DatabaseComparison awaitEqual(
            TestDatabase database, RunningJobs jobs, Duration timeout) {
        AtomicReference<DatabaseComparison> last = new AtomicReference<>();
        Await.until(
                "downstream to equal upstream in " + database.name(),
                timeout,
                () -> {
                    jobs.assertRunning();
                    try {
                        last.set(compare(database));
                        return last.get().isEqual();
                    } catch (RuntimeException e) {
                        return false; // tables not created downstream yet
                    }
                },
                () -> last.get() == null ? "(no comparison finished)" : last.get().summary());
        return last.get();
    }
}
