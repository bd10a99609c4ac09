package dev.ferry.benchmarks.tables;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stock pipeline's Flink SQL script for N tables: benchmarks/sql/stock-snapshot.sql's source
 * and settings, and its first jdbc sink and INSERT repeated for sbtest1..N (one statement set), so
 * that the sinks keep the script's placeholders for hosts, users and passwords.
 */
final class StockScript {
    private static final Pattern SINK = Pattern.compile("(?ms)^CREATE TABLE dst1 .*?\\);\\n");
    private static final Pattern INSERT = Pattern.compile("(?m)^INSERT INTO dst1 .*\\n");

    private final String head;
    private final String sink;
    private final String insert;

    private StockScript(String head, String sink, String insert) {
        this.head = head;
        this.sink = sink;
        this.insert = insert;
    }

    /** Reads the four-table script; fails naming it when its dst1 sink or INSERT is not there. */
    static StockScript of(String fourTables) {
        Matcher sink = SINK.matcher(fourTables);
        Matcher insert = INSERT.matcher(fourTables);
        if (!sink.find() || !insert.find()) {
            throw new IllegalArgumentException(
                    "the stock pipeline's script has no 'CREATE TABLE dst1 ...);' and 'INSERT INTO"
                            + " dst1 ...' lines to repeat per table: is it"
                            + " benchmarks/sql/stock-snapshot.sql?");
        }
        return new StockScript(fourTables.substring(0, sink.start()), sink.group(), insert.group());
    }

    static StockScript read(Path fourTables) throws IOException {
        return of(Files.readString(fourTables, StandardCharsets.UTF_8));
    }

    /** The script with a sink and an INSERT for each of sbtest1..{@code tables}. */
    String forTables(int tables) {
        StringBuilder script = new StringBuilder(head);
        for (int t = 1; t <= tables; t++) {
            script.append(numbered(sink, t));
        }
        script.append('\n');
        for (int t = 1; t <= tables; t++) {
            script.append(numbered(insert, t));
        }
        return script.toString();
    }

    /** Writes {@link #forTables} to {@code folder}/stock-N.sql; its path. */
    Path write(Path folder, int tables) throws IOException {
        Path file = folder.resolve("stock-" + tables + ".sql");
        Files.writeString(file, forTables(tables), StandardCharsets.UTF_8);
        return file;
    }

    private static String numbered(String statement, int table) {
        return statement
                .replace("dst1 ", "dst" + table + " ")
                .replace("'sbtest1'", "'sbtest" + table + "'");
    }
}
