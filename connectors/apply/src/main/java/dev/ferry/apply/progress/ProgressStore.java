package dev.ferry.apply.progress;

import dev.ferry.jdbc.SqlResource;
import java.io.Serializable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * The apply job's progress, kept in the downstream itself so it commits with the data: which
 * upstream transactions are applied (one record per downstream commit, written inside it) and where
 * each Kafka partition must be read again after a restart. Statements are in the {@code .sql} files
 * beside this class; TiDB and MySQL accept them all.
 */
public final class ProgressStore implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String database;
    private final String pipeline;

    /**
     * @param database the downstream database holding the progress tables
     * @param pipeline this apply pipeline's name (its Kafka consumer group)
     */
    public ProgressStore(String database, String pipeline) {
        if (!database.matches("[A-Za-z0-9_$]+")) {
            throw new IllegalArgumentException(
                    "progress database name '"
                            + database
                            + "' may hold only letters, digits, _ and $");
        }
        this.database = database;
        this.pipeline = pipeline;
    }

    public String pipeline() {
        return pipeline;
    }

    private String sql(String name) {
        return SqlResource.load(ProgressStore.class, name).replace("{database}", database);
    }

    /**
     * Creates the progress database and tables when missing, and widens the offsets column of a
     * table created by an earlier version.
     */
    public void createIfMissing(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql("create-database.sql"));
            statement.execute(sql("create-offsets-table.sql"));
            statement.execute(sql("create-applied-table.sql"));
            if (!"mediumtext".equals(offsetsColumnType(connection))) {
                statement.execute(sql("widen-offsets-column.sql"));
            }
        }
    }

    /** The type of the applied commits' offsets column, lower case. */
    public String offsetsColumnType(Connection connection) throws SQLException {
        try (PreparedStatement select =
                connection.prepareStatement(sql("select-offsets-column-type.sql"))) {
            select.setString(1, database);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }

    public Map<TopicPartition, Long> restartOffsets(Connection connection) throws SQLException {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement(sql("select-offsets.sql"))) {
            select.setString(1, pipeline);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    offsets.put(
                            new TopicPartition(rows.getString(1), rows.getInt(2)), rows.getLong(3));
                }
            }
        }
        return offsets;
    }

    /** The applied commits recorded downstream. */
    public List<AppliedCommit> appliedCommits(Connection connection) throws SQLException {
        List<AppliedCommit> applied = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(sql("select-applied.sql"))) {
            select.setString(1, pipeline);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    applied.add(
                            new AppliedCommit(
                                    rows.getString(1),
                                    TransactionIdList.parse(rows.getString(2)),
                                    PartitionOffsetList.parse(rows.getString(3))));
                }
            }
        }
        return applied;
    }

    /**
     * Records a commit's transactions as applied, inside the caller's open downstream transaction.
     */
    public void recordApplied(Connection connection, AppliedCommit commit) throws SQLException {
        if (commit == null) {
            return; // snapshot rows only
        }
        try (PreparedStatement insert = connection.prepareStatement(sql("insert-applied.sql"))) {
            insert.setString(1, pipeline);
            insert.setString(2, commit.key());
            insert.setString(3, TransactionIdList.format(commit.transactionIds()));
            insert.setString(4, PartitionOffsetList.format(commit.lastOffsets()));
            insert.executeUpdate();
        }
    }

    /**
     * Saves the restart offsets and deletes the applied records no restart from them can reach, in
     * one downstream transaction.
     */
    public void save(Connection connection, ApplyProgress.Snapshot progress) throws SQLException {
        connection.setAutoCommit(false);
        try {
            try (PreparedStatement upsert = connection.prepareStatement(sql("upsert-offset.sql"))) {
                for (Map.Entry<TopicPartition, Long> offset :
                        progress.restartOffsets().entrySet()) {
                    upsert.setString(1, pipeline);
                    upsert.setString(2, offset.getKey().topic());
                    upsert.setInt(3, offset.getKey().partition());
                    upsert.setLong(4, offset.getValue());
                    upsert.addBatch();
                }
                upsert.executeBatch();
            }
            if (!progress.unreachable().isEmpty()) {
                try (PreparedStatement prune =
                        connection.prepareStatement(sql("prune-applied.sql"))) {
                    for (String key : progress.unreachable()) {
                        prune.setString(1, pipeline);
                        prune.setString(2, key);
                        prune.addBatch();
                    }
                    prune.executeBatch();
                }
            }
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw e;
        }
    }
}
