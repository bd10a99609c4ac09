package dev.ferry.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Loads a SQL statement kept in a {@code .sql} file beside the class that runs it. */
public final class SqlResource {
    /** Statements run per commit are looked up per commit: read each file once. */
    private static final Map<String, String> LOADED = new ConcurrentHashMap<>();

    private SqlResource() {}

    /** The statement in {@code name}, relative to {@code owner}'s package, without comments. */
    public static String load(Class<?> owner, String name) {
        return LOADED.computeIfAbsent(owner.getName() + '/' + name, key -> read(owner, name));
    }

    private static String read(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(
                        "missing SQL resource " + name + " beside " + owner.getName());
            }
            StringBuilder sql = new StringBuilder();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.strip().startsWith("--")) {
                    sql.append(line).append('\n');
                }
            }
            String statement = sql.toString().strip();
            return statement.endsWith(";")
                    ? statement.substring(0, statement.length() - 1)
                    : statement;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
