package dev.ferry.it.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.apply.progress.AppliedCommit;
import dev.ferry.apply.progress.ProgressStore;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The progress tables in a real downstream: a commit over thousands of topics is recorded and read
 * back, and a table an earlier version created (offsets in a VARCHAR(4096), which a commit over
 * about 125 topics overflowed) is widened in place, keeping its rows.
 */
class ProgressTablesITCase {
    private String database;

    @BeforeEach
    void name() {
        Services.requireRunning();
        database =
                "ferry_meta_" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 24));
    }

    @AfterEach
    void drop() {
        Sql.execute(Services.downstreamAdmin(), "DROP DATABASE IF EXISTS `" + database + "`");
    }

    @Test
    void aCommitOverThousandsOfTopicsIsRecordedAndReadBack() throws Exception {
        ProgressStore store = new ProgressStore(database, "pipeline-a");
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (int table = 0; table < 2_001; table++) {
            offsets.put(
                    new TopicPartition("ferry.many_tables_db.sbtest" + table, 0), 1_000L + table);
        }
        AppliedCommit commit =
                new AppliedCommit(
                        "file=mysql-bin.000001,pos=4",
                        List.of("file=mysql-bin.000001,pos=4"),
                        offsets);

        try (Connection connection = Connections.open(Services.downstreamApply())) {
            store.createIfMissing(connection);
            connection.setAutoCommit(false);
            store.recordApplied(connection, commit);
            connection.commit();

            assertThat(store.appliedCommits(connection)).containsExactly(commit);
        }
    }

    @Test
    void anEarlierVersionsTableIsWidenedKeepingItsRows() throws Exception {
        Sql.execute(
                Services.downstreamAdmin(),
                "CREATE DATABASE `" + database + "`",
                "CREATE TABLE `"
                        + database
                        + "`.`ferry_applied_commits` ("
                        + " `pipeline` VARCHAR(128) NOT NULL, `commit_key` VARCHAR(255) NOT NULL,"
                        + " `transaction_ids` MEDIUMTEXT NOT NULL,"
                        + " `kafka_offsets` VARCHAR(4096) NOT NULL,"
                        + " `committed_at` TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),"
                        + " PRIMARY KEY (`pipeline`, `commit_key`))",
                "INSERT INTO `"
                        + database
                        + "`.`ferry_applied_commits`"
                        + " (`pipeline`, `commit_key`, `transaction_ids`, `kafka_offsets`)"
                        + " VALUES ('pipeline-b', 'tx-1', 'tx-1\ntx-2', 'ferry.db.t:0@5;ferry-tx:0@9;')");
        ProgressStore store = new ProgressStore(database, "pipeline-b");

        try (Connection connection = Connections.open(Services.downstreamApply())) {
            store.createIfMissing(connection);

            assertThat(store.offsetsColumnType(connection)).isEqualTo("mediumtext");
            assertThat(store.appliedCommits(connection))
                    .containsExactly(
                            new AppliedCommit(
                                    "tx-1",
                                    List.of("tx-1", "tx-2"),
                                    Map.of(
                                            new TopicPartition("ferry.db.t", 0), 5L,
                                            new TopicPartition("ferry-tx", 0), 9L)));
        }
    }
}
