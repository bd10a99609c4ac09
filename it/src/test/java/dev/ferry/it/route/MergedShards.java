package dev.ferry.it.route;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Sharded tables {@code orders_0}, {@code orders_1}, ... in several upstream databases, as the
 * shard-merging tests share them: route.tables merges them into one table {@code orders} with the
 * source columns {@code src_db} and {@code src_table}, which tell the shards' colliding keys apart.
 */
final class MergedShards {
    private final List<TestDatabase> databases;
    private final TestDatabase merged;
    private final List<String> tables = new ArrayList<>();
    private final List<String> names = new ArrayList<>();
    private final List<String> selects = new ArrayList<>();

    private MergedShards(List<TestDatabase> databases, TestDatabase merged) {
        this.databases = databases;
        this.merged = merged;
    }

    /**
     * Creates {@code shards} tables in each of {@code databases} upstream, database by database.
     *
     * @param definition the tables' columns and keys, as CREATE TABLE takes them
     * @param rows the VALUES each table starts with, {@code %d} standing for the shard's number
     */
    static MergedShards create(
            List<TestDatabase> databases,
            TestDatabase merged,
            int shards,
            String definition,
            String rows) {
        MergedShards created = new MergedShards(databases, merged);
        for (TestDatabase db : databases) {
            for (int i = 0; i < shards; i++) {
                String table = "`" + db.name() + "`.orders_" + i;
                created.tables.add(table);
                created.names.add(db.name() + ".orders_" + i);
                created.selects.add(
                        "SELECT '"
                                + db.name()
                                + "' AS src_db, 'orders_"
                                + i
                                + "' AS src_table, %s FROM "
                                + table);
                Sql.execute(
                        Services.upstreamAdmin(),
                        "CREATE TABLE " + table + " " + definition,
                        "INSERT INTO " + table + " VALUES " + rows.formatted(i));
            }
        }
        return created;
    }

    /** Has the pipeline's capture read every database and merge the shards into the one table. */
    void route(Pipeline pipeline) {
        String sources =
                databases.stream()
                                .map(TestDatabase::name)
                                .collect(Collectors.joining("|", "(", ")"))
                        + "[.]orders_[0-9]";
        pipeline.captureOptions()
                .setString(
                        "upstream.tables",
                        databases.stream()
                                .map(db -> db.name() + ".*")
                                .collect(Collectors.joining(",")));
        pipeline.captureOptions()
                .setString("route.tables", sources + ":" + merged.name() + ".orders");
        pipeline.captureOptions()
                .setString("route.source-columns", sources + ":src_db=database,src_table=table");
    }

    /** The shards as SQL names them ({@code `database`.orders_n}), for writes and DDL. */
    List<String> tables() {
        return tables;
    }

    /** The shards as ferry names them ({@code database.orders_n}), for its messages. */
    List<String> names() {
        return names;
    }

    /**
     * The union of the shards upstream: source columns and {@code columns}, in the merged order.
     */
    String union(String columns) {
        return selects.stream()
                        .map(select -> select.formatted(columns))
                        .collect(Collectors.joining(" UNION ALL "))
                + " ORDER BY src_db, src_table, id";
    }

    /** The merged table downstream: source columns and {@code columns}, in the same order. */
    String merged(String columns) {
        return "SELECT src_db, src_table, "
                + columns
                + " FROM `"
                + merged.name()
                + "`.orders ORDER BY src_db, src_table, id";
    }
}
