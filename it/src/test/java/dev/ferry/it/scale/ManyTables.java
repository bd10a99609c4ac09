package dev.ferry.it.scale;

import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/** Hundreds of small tables {@code t0..tN-1} (id, v, note) in a test database upstream. */
final class ManyTables {
    private ManyTables() {}

    static String table(int index) {
        return "t" + index;
    }

    /** Creates {@code count} tables with {@code rows} rows each (ids 1..rows). */
    static void create(TestDatabase db, int count, int rows) throws SQLException {
        try (Connection connection = Connections.open(Services.upstreamAdmin());
                Statement statement = connection.createStatement()) {
            for (int t = 0; t < count; t++) {
                statement.addBatch(
                        "CREATE TABLE `"
                                + db.name()
                                + "`.`"
                                + table(t)
                                + "` (id INT PRIMARY KEY, v BIGINT NOT NULL,"
                                + " note VARCHAR(32))");
            }
            statement.executeBatch();
            if (rows == 0) {
                return;
            }
            connection.setAutoCommit(false);
            for (int t = 0; t < count; t++) {
                try (PreparedStatement insert =
                        connection.prepareStatement(
                                "INSERT INTO `"
                                        + db.name()
                                        + "`.`"
                                        + table(t)
                                        + "` (id, v, note) VALUES (?, ?, ?)")) {
                    for (int id = 1; id <= rows; id++) {
                        insert.setInt(1, id);
                        insert.setLong(2, (long) t * 1000 + id);
                        insert.setString(3, "row " + id);
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            }
            connection.commit();
        }
    }
}
