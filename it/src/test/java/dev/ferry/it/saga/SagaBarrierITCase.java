package dev.ferry.it.saga;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.saga.barrier.Barrier;
import dev.ferry.saga.model.Operation;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The participant barrier on a real MariaDB (on TiDB in SagaBarrierTidbITCase), as a service embeds
 * it: each case of DTM's barrier, with the business effect counted in a table written inside the
 * barrier's transaction.
 */
class SagaBarrierITCase {
    private static TestDatabase db;
    private static Barrier barrier;

    /** The participant server holding the barrier: the upstream, or the TiDB of the subclass. */
    private static DatabaseEndpoint participant;

    @BeforeAll
    static void createBarrier() throws SQLException {
        Services.requireRunning();
        db = TestDatabase.create("barrier");
        participant =
                Services.downstream().tidb()
                        ? Services.downstreamAdmin()
                        : Services.upstreamAdmin();
        Sql.execute(participant, "CREATE DATABASE IF NOT EXISTS `" + db.name() + "`");
        Sql.execute(
                participant,
                "CREATE TABLE " + db.table("effect") + " (gid VARCHAR(128), op VARCHAR(16))");
        barrier = Barrier.inTable(db.table("saga_barrier"));
        try (Connection connection = Connections.open(participant)) {
            barrier.createTable(connection);
        }
    }

    @AfterAll
    static void drop() {
        db.close();
    }

    @Test
    void aDuplicatedActionRunsOnce() throws SQLException {
        assertThat(run("dup", Operation.ACTION)).isTrue();
        assertThat(run("dup", Operation.ACTION)).isFalse();

        assertThat(effects("dup", Operation.ACTION)).isEqualTo(1);
    }

    @Test
    void aCompensationWithoutPriorActionDoesNothing() throws SQLException {
        assertThat(run("null-compensation", Operation.COMPENSATION)).isFalse();

        assertThat(effects("null-compensation", Operation.COMPENSATION)).isZero();
    }

    @Test
    void anActionDeliveredAfterItsCompensationDoesNothing() throws SQLException {
        run("hanging", Operation.COMPENSATION);

        assertThat(run("hanging", Operation.ACTION)).isFalse();

        assertThat(effects("hanging", Operation.ACTION)).isZero();
        assertThat(effects("hanging", Operation.COMPENSATION)).isZero();
    }

    @Test
    void aCompensationAfterItsActionRunsOnce() throws SQLException {
        run("undo", Operation.ACTION);

        assertThat(run("undo", Operation.COMPENSATION)).isTrue();
        assertThat(run("undo", Operation.COMPENSATION)).isFalse();

        assertThat(effects("undo", Operation.COMPENSATION)).isEqualTo(1);
    }

    @Test
    void aFailingBusinessLogicLeavesNoBarrierRecordSoARetryRuns() throws SQLException {
        try (Connection connection = Connections.open(participant)) {
            try {
                barrier.run(
                        connection,
                        "retry",
                        "b1",
                        Operation.ACTION,
                        tx -> {
                            throw new SQLException("business says no");
                        });
            } catch (SQLException expected) {
                // rolled back together with its barrier record
            }
        }

        assertThat(run("retry", Operation.ACTION)).isTrue();
        assertThat(effects("retry", Operation.ACTION)).isEqualTo(1);
    }

    private static boolean run(String gid, Operation operation) throws SQLException {
        try (Connection connection = Connections.open(participant)) {
            return barrier.run(
                    connection,
                    gid,
                    "b1",
                    operation,
                    tx -> {
                        try (Statement statement = tx.createStatement()) {
                            statement.executeUpdate(
                                    "INSERT INTO "
                                            + db.table("effect")
                                            + " VALUES ('"
                                            + gid
                                            + "', '"
                                            + operation.label()
                                            + "')");
                        }
                    });
        }
    }

    private static long effects(String gid, Operation operation) {
        return Sql.queryLong(
                participant,
                "SELECT COUNT(*) FROM "
                        + db.table("effect")
                        + " WHERE gid = '"
                        + gid
                        + "' AND op = '"
                        + operation.label()
                        + "'");
    }
}
