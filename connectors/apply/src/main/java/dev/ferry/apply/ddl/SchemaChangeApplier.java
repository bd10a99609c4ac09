package dev.ferry.apply.ddl;

import dev.ferry.apply.catalog.DownstreamCatalog;
import dev.ferry.apply.writer.Retryable;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.TableSchema;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries one upstream DDL statement over to the downstream, at its barrier (every transaction
 * before it committed, none after it started), as {@code apply.schema-change-behavior} says.
 *
 * <p>DDL is not transactional in MySQL or TiDB, so this compares the downstream's definition with
 * the upstream's first and runs only what is missing; the caller records the statement as applied
 * after. A crash in between runs nothing twice: the rerun finds the downstream there already.
 */
public final class SchemaChangeApplier {
    private static final Logger LOG = LoggerFactory.getLogger(SchemaChangeApplier.class);

    /** What to do with upstream DDL. */
    public enum Behavior {
        /** Carry it over. */
        EVOLVE,
        /** Leave the downstream as it is; rows naming a column it lacks stop the job. */
        IGNORE,
        /** Stop at it with an error, before anything after it is applied. */
        STOP;

        public static Behavior parse(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }
    }

    private final Behavior behavior;
    private final Set<String> skipped;
    private final DownstreamCatalog catalog;

    /**
     * @param skipped ids of DDL statements not to run (each one the downstream rejected)
     * @param catalog forgets what it knew of the tables once a statement ran
     */
    public SchemaChangeApplier(Behavior behavior, Set<String> skipped, DownstreamCatalog catalog) {
        this.behavior = behavior;
        this.skipped = Set.copyOf(skipped);
        this.catalog = catalog;
    }

    /** Runs what the downstream lacks of DDL statement {@code id}, each statement committed. */
    public void apply(Connection connection, String id, SchemaChange change) throws SQLException {
        if (skipped.contains(id)) {
            LOG.warn(
                    "Skipping upstream DDL {} on {} as apply.skip-schema-change says: {}",
                    id,
                    change.table(),
                    change.ddl());
            return;
        }
        switch (behavior) {
            case IGNORE -> {
                LOG.info(
                        "Ignoring upstream DDL {} on {} (apply.schema-change-behavior=ignore): {}",
                        id,
                        change.table(),
                        change.ddl());
                return;
            }
            case STOP ->
                    throw new FerryConfigException(
                            "upstream DDL "
                                    + id
                                    + " on "
                                    + change.table()
                                    + " ("
                                    + change.ddl()
                                    + ") stopped the apply job, as"
                                    + " apply.schema-change-behavior=stop asks. Everything"
                                    + " before it is applied, nothing after it: apply it"
                                    + " downstream yourself and restart with"
                                    + " apply.skip-schema-change="
                                    + id
                                    + ", or restart with apply.schema-change-behavior=evolve.");
            default -> evolve(connection, id, change);
        }
    }

    private void evolve(Connection connection, String id, SchemaChange change) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(true);
        try {
            TableSchema current = DownstreamDefinitions.read(connection, change.table());
            TableSchema previous =
                    change.previousTable() == null
                            ? null
                            : DownstreamDefinitions.read(connection, change.previousTable());
            List<String> statements;
            try {
                statements = SchemaChangeStatements.of(change, current, previous);
            } catch (FerryConfigException e) {
                throw cannotCarryOver(id, change, e.getMessage(), null);
            }
            if (statements.isEmpty()) {
                LOG.info("Upstream DDL {} on {} is applied downstream already", id, change.table());
            }
            for (String sql : statements) {
                run(connection, id, change, sql);
            }
        } finally {
            catalog.invalidate();
            connection.setAutoCommit(autoCommit);
        }
    }

    private static void run(Connection connection, String id, SchemaChange change, String sql)
            throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
            LOG.info("Upstream DDL {} on {}: ran {}", id, change.table(), sql);
        } catch (SQLException e) {
            if (Retryable.isRetryable(e)) {
                throw e; // the retry compares the definitions again
            }
            throw cannotCarryOver(
                    id, change, "the downstream rejected " + sql + ": " + e.getMessage(), e);
        }
    }

    private static FerryConfigException cannotCarryOver(
            String id, SchemaChange change, String why, Exception cause) {
        TableId table = change.table();
        return new FerryConfigException(
                "upstream DDL "
                        + id
                        + " on "
                        + table
                        + " ("
                        + change.ddl()
                        + ") cannot be carried over: "
                        + why
                        + ". The apply job stopped before it; everything before it is applied"
                        + " and nothing after it is lost. Change the downstream table by hand to"
                        + " match the upstream, then restart with apply.skip-schema-change="
                        + id
                        + " to go on without it.",
                cause);
    }
}
