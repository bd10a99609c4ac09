package dev.ferry.benchmarks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

/**
 * Runs a Flink SQL client script on a local mini-cluster, as the stock pipelines we measure against
 * are run: {@code SET} changes the session, every {@code INSERT} joins one statement set (one job),
 * and {@code ${name}} placeholders take their values as {@link SqlPlaceholders} says. Blocks while
 * the job runs.
 *
 * <p>Usage: {@code java -jar ferry-benchmarks.jar script.sql [name=value ...]}
 */
public final class SqlScriptRunner {
    private SqlScriptRunner() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: java -jar ferry-benchmarks.jar script.sql [name=value ...]");
            System.exit(2);
        }
        String script = Files.readString(Path.of(args[0]), StandardCharsets.UTF_8);
        Map<String, String> arguments = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            int equals = args[i].indexOf('=');
            arguments.put(args[i].substring(0, equals), args[i].substring(equals + 1));
        }
        try {
            script = SqlPlaceholders.replace(script, arguments, System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println(args[0] + ": " + e.getMessage());
            System.exit(2);
        }
        TableResult job = run(SqlScript.statements(script));
        System.out.println("job " + job.getJobClient().orElseThrow().getJobID() + " running");
        job.await();
    }

    static TableResult run(List<String> statements) {
        StreamTableEnvironment tables =
                StreamTableEnvironment.create(StreamExecutionEnvironment.getExecutionEnvironment());
        StatementSet inserts = tables.createStatementSet();
        for (String statement : statements) {
            Map.Entry<String, String> setting = SqlScript.setting(statement);
            if (setting != null) {
                tables.getConfig()
                        .getConfiguration()
                        .setString(setting.getKey(), setting.getValue());
            } else if (statement.strip().toUpperCase().startsWith("INSERT")) {
                inserts.addInsertSql(statement);
            } else {
                tables.executeSql(statement);
            }
        }
        return inserts.execute();
    }
}
