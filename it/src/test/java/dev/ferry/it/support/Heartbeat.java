package dev.ferry.it.support;

import org.apache.flink.configuration.Configuration;

/**
 * A heartbeat table in a test database ({@code monitoring.heartbeat-table}), made as an operator
 * would make it for the capture user, so that both jobs measure their delay by it.
 */
public final class Heartbeat {
    private Heartbeat() {}

    /**
     * Creates {@code db.heartbeat} upstream, lets the capture user write it, and sets the option in
     * every job's options.
     *
     * @return the table's name, 'database.table'
     */
    public static String enable(TestDatabase db, Configuration... jobOptions) {
        String heartbeat = db.table("heartbeat");
        Sql.execute(
                Services.upstreamAdmin(),
                "CREATE TABLE "
                        + heartbeat
                        + " (source VARCHAR(255) NOT NULL PRIMARY KEY, ts_ms BIGINT NOT NULL)",
                "GRANT INSERT, UPDATE ON "
                        + heartbeat
                        + " TO '"
                        + Services.upstreamCdc().username()
                        + "'@'%'");
        for (Configuration options : jobOptions) {
            options.setString("monitoring.heartbeat-table", heartbeat);
        }
        return heartbeat;
    }
}
