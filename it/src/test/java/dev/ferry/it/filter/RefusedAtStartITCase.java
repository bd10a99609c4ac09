package dev.ferry.it.filter;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.config.FerryConfigException;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capture refuses, before it starts, the filter and route settings it cannot honour, each with
 * an error naming the option, the entry and the table: nothing is captured, nothing is lost.
 */
class RefusedAtStartITCase {
    @TempDir Path checkpoints;

    private static void assertRefused(Pipeline pipeline, String... expected) {
        var thrown =
                assertThatThrownBy(pipeline::startCapture).isInstanceOf(FerryConfigException.class);
        for (String part : expected) {
            thrown.hasMessageContaining(part);
        }
    }

    @Test
    void unknownColumnsLeftOutKeysBadPatternsAndDivergingShards() throws Exception {
        Services.requireRunning();
        try (TestDatabase db = TestDatabase.create("refused")) {
            String d = "`" + db.name() + "`.";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + d + "orders_1 (id INT PRIMARY KEY, amount INT)",
                    "CREATE TABLE " + d + "orders_2 (id INT PRIMARY KEY, amount BIGINT)");
            String t = db.name() + "[.]orders_1";

            Pipeline pipeline = new Pipeline(db, checkpoints);
            Configuration capture = pipeline.captureOptions();
            capture.setString("filter.rows", t + ":amount > 1 && total < 5");
            assertRefused(pipeline, "filter.rows", "'total'", db.name() + ".orders_1");

            capture.removeKey("filter.rows");
            capture.setString("filter.columns.exclude", t + ":id");
            assertRefused(pipeline, "filter.columns.exclude", "'id'", "key");

            capture.setString("filter.columns.exclude", t + ":phone");
            assertRefused(pipeline, "'phone'", db.name() + ".orders_1");

            capture.removeKey("filter.columns.exclude");
            capture.setString("filter.rows", t + ":amount >");
            assertRefused(pipeline, "filter.rows expression 'amount >' does not parse");

            capture.removeKey("filter.rows");
            capture.setString("upstream.tables.include", "orders_(\\d+");
            assertRefused(pipeline, "upstream.tables.include pattern 'orders_(\\d+'");

            capture.removeKey("upstream.tables.include");
            capture.setString(
                    "route.tables", db.name() + "[.]orders_\\d:" + db.name() + "_m.orders");
            assertRefused(
                    pipeline,
                    "merges " + db.name() + ".orders_1 and " + db.name() + ".orders_2",
                    "amount int",
                    "amount bigint");
        }
    }
}
