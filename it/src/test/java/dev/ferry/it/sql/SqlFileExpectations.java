package dev.ferry.it.sql;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What one file of {@code sql/} must produce when the SQL client runs it, read from {@code
 * <file>.expected} beside {@link SqlFilesITCase}. Line by line:
 *
 * <pre>
 * # a comment
 * database NAME              the test database that ferry_demo stands for in the file; files
 *                            naming the same one share it (and run in name order)
 * downstream-tables          create the upstream tables downstream first (the file needs them)
 * requires ferry-capture     run ferry's capture job for the database on the cluster first
 * client ARGS                the SQL client's arguments besides -f: {connectors} is the folder
 *                            of the stock connectors' jars, {ferry.jar} jobs/target/ferry.jar
 * check kafka TOPIC          compare the topic's committed records (values), in any order
 * check downstream QUERY     compare the query's rows downstream (tab-separated), in order
 * after rows                 the records or rows once upstream-rows.sql is replicated
 * after changes              ... and once upstream-changes.sql is too
 * </pre>
 */
record SqlFileExpectations(
        String file,
        String database,
        boolean downstreamTables,
        boolean ferryCapture,
        String clientArguments,
        Check check,
        List<String> afterRows,
        List<String> afterChanges) {

    /** Where a file's output is read. */
    enum Where {
        KAFKA,
        DOWNSTREAM
    }

    /** A topic or a query, as written (with ferry_demo). */
    record Check(Where where, String target) {}

    static final String RESOURCES = "/dev/ferry/it/sql/files/";

    /** The expectations of sql/{@code file}, or an error that says which file to add. */
    static SqlFileExpectations of(String file) throws IOException {
        String resource = RESOURCES + file + ".expected";
        try (InputStream in = SqlFileExpectations.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(
                        "sql/"
                                + file
                                + " has no expected results: add it/src/test/resources"
                                + resource
                                + " (the format is in SqlFileExpectations' Javadoc)");
            }
            return parse(file, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    static SqlFileExpectations parse(String file, String text) {
        String database = null;
        boolean downstreamTables = false;
        boolean ferryCapture = false;
        String client = "";
        Check check = null;
        List<String> afterRows = null;
        List<String> afterChanges = null;
        List<String> section = null;
        int number = 0;
        for (String line : text.split("\n", -1)) {
            number++;
            if (section != null && !line.startsWith("after ")) {
                if (!line.isBlank()) {
                    section.add(line);
                }
                continue;
            }
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String where = file + ".expected, line " + number + ": ";
            if (line.startsWith("database ")) {
                database = line.substring("database ".length()).strip();
            } else if (line.equals("downstream-tables")) {
                downstreamTables = true;
            } else if (line.equals("requires ferry-capture")) {
                ferryCapture = true;
            } else if (line.startsWith("client ")) {
                client = line.substring("client ".length()).strip();
            } else if (line.startsWith("check kafka ")) {
                check = new Check(Where.KAFKA, line.substring("check kafka ".length()).strip());
            } else if (line.startsWith("check downstream ")) {
                check =
                        new Check(
                                Where.DOWNSTREAM,
                                line.substring("check downstream ".length()).strip());
            } else if (line.equals("after rows")) {
                afterRows = section = new ArrayList<>();
            } else if (line.equals("after changes")) {
                if (afterRows == null) {
                    throw new IllegalArgumentException(
                            where + "'after changes' before 'after rows'");
                }
                afterChanges = section = new ArrayList<>();
            } else {
                throw new IllegalArgumentException(where + "unknown line '" + line + "'");
            }
        }
        if (database == null || check == null || afterRows == null || afterChanges == null) {
            throw new IllegalArgumentException(
                    file
                            + ".expected needs a 'database' line, a 'check' line and the sections"
                            + " 'after rows' and 'after changes'");
        }
        return new SqlFileExpectations(
                file,
                database,
                downstreamTables,
                ferryCapture,
                client,
                check,
                List.copyOf(afterRows),
                List.copyOf(afterChanges));
    }
}
