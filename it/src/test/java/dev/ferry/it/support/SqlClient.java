package dev.ferry.it.support;

import dev.ferry.benchmarks.SqlScript;
import java.util.Map;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/** Runs a SQL client script's statements in this JVM, as the Flink SQL client would. */
public final class SqlClient {
    private SqlClient() {}

    /** Runs every statement of {@code text}; returns how many INSERT jobs it started. */
    public static int run(String text, RunningJobs jobs) {
        StreamTableEnvironment tables =
                StreamTableEnvironment.create(StreamExecutionEnvironment.getExecutionEnvironment());
        int inserts = 0;
        for (String statement : SqlScript.statements(text)) {
            Map.Entry<String, String> setting = SqlScript.setting(statement);
            if (setting != null) {
                // SET is the SQL client's own statement: it changes the session configuration.
                tables.getConfig()
                        .getConfiguration()
                        .setString(setting.getKey(), setting.getValue());
                continue;
            }
            TableResult result = tables.executeSql(statement);
            if (statement.toUpperCase().startsWith("INSERT")) {
                jobs.add(result.getJobClient().orElseThrow());
                inserts++;
            }
        }
        return inserts;
    }
}
