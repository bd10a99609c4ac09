package dev.ferry.checksum;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;

/**
 * The command line: compares tables of a source and a target database and prints one line per table
 * and a total. Exit code 0 when all are equal, 1 when any differ, 2 on a usage or connection error
 * or when a table could not be compared.
 *
 * <p>URLs are {@code jdbc:mysql://host:port/}; MySQL Connector/J also talks to MariaDB and TiDB.
 * Add {@code ?useSSL=false&allowPublicKeyRetrieval=true} for a MySQL 8 server without TLS.
 */
public final class ChecksumCommand {

    static final String USAGE =
            String.join(
                    "\n",
                    "Usage: java -jar ferry.jar checksum --source-url URL --source-user USER [--source-password PASSWORD]",
                    "                                   --target-url URL --target-user USER [--target-password PASSWORD]",
                    "                                   --database DB [--target-database DB] [--tables T1,T2,...]",
                    "                                   [--chunk-size ROWS] [--max-differences N] [--json-columns C1,T.C2,...]",
                    "Compares tables row by row, by primary key, between a source and a target database.",
                    "  URL                jdbc:mysql://host:port/ (append ?useSSL=false&allowPublicKeyRetrieval=true",
                    "                     for a MySQL 8 server without TLS); works for MySQL, MariaDB and TiDB",
                    "  --source-password  or the environment variable FERRY_SOURCE_PASSWORD",
                    "  --target-password  or the environment variable FERRY_TARGET_PASSWORD",
                    "  --target-database  defaults to --database",
                    "  --tables           defaults to every base table of --database on the source",
                    "  --chunk-size       rows per query on each side (default 5000)",
                    "  --max-differences  differences shown per table (default 20)",
                    "  --json-columns     text columns to compare as JSON, as COLUMN or TABLE.COLUMN",
                    "  --source-tls-mode  TLS: disabled, preferred (default), required, verify_ca or",
                    "                     verify_identity (the same options for --target-)",
                    "  --source-tls-ca    PEM file of the CA that signs the server's certificate",
                    "                     (alone, it means --source-tls-mode verify_ca)",
                    "  --source-tls-cert, --source-tls-key   PEM client certificate and its key",
                    "Exit code: 0 all tables equal, 1 differences found, 2 usage or connection error",
                    "or a table that could not be compared (for example, one without a primary key).");

    private ChecksumCommand() {}

    public static void main(String[] args) {
        // UTF-8 whatever the platform default, so emoji in reported values survive.
        PrintStream out =
                new PrintStream(
                        new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.exit(run(args, out));
    }

    /** Runs the command with passwords from the process environment; returns the exit code. */
    public static int run(String[] args, PrintStream out) {
        return run(args, out, System.getenv());
    }

    static int run(String[] args, PrintStream out, Map<String, String> env) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            out.println(USAGE);
            return 0;
        }
        ChecksumArguments arguments;
        try {
            arguments = ChecksumArguments.parse(args, env);
        } catch (ChecksumArguments.UsageException | IllegalArgumentException e) {
            out.println("error: " + e.getMessage());
            out.println(USAGE);
            return 2;
        }
        Redactor redactor = arguments.redactor();
        try {
            return connectAndCompare(arguments, out, redactor);
        } catch (RuntimeException e) {
            // Not expected; still one line, no stack trace, and no password.
            out.println(
                    redactor.redact(
                            "error: "
                                    + e.getClass().getSimpleName()
                                    + ": "
                                    + ConnectionErrors.firstLine(e.getMessage())));
            return 2;
        }
    }

    private static int connectAndCompare(
            ChecksumArguments arguments, PrintStream out, Redactor redactor) {
        Connection source;
        try {
            source = arguments.source().open();
        } catch (SQLException e) {
            out.println(ConnectionErrors.describe(arguments.source(), e, redactor));
            return 2;
        }
        try {
            Connection target;
            try {
                target = arguments.target().open();
            } catch (SQLException e) {
                out.println(ConnectionErrors.describe(arguments.target(), e, redactor));
                return 2;
            }
            try {
                return compare(arguments, source, target, out, redactor);
            } finally {
                closeQuietly(target);
            }
        } finally {
            closeQuietly(source);
        }
    }

    /** Closes after the result is printed; a failure to close must not change the exit code. */
    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // Nothing useful to report: the comparison is complete.
        }
    }

    private static int compare(
            ChecksumArguments arguments,
            Connection source,
            Connection target,
            PrintStream out,
            Redactor redactor) {
        ComparisonListener printer =
                new ComparisonListener() {
                    @Override
                    public void tableCompared(TableComparison comparison) {
                        out.println(comparison.summaryLine());
                    }

                    @Override
                    public void tableFailed(TableRef table, String reason) {
                        out.println(redactor.redact(table + ": not compared: " + reason));
                    }
                };
        DatabaseComparison result;
        try {
            result =
                    new DatabaseComparator(arguments.config())
                            .compare(
                                    source,
                                    target,
                                    arguments.database(),
                                    arguments.targetDatabase(),
                                    arguments.tables(),
                                    printer);
        } catch (SQLException e) {
            out.println(
                    redactor.redact(
                            "error: cannot list the tables of "
                                    + arguments.database()
                                    + " on "
                                    + arguments.source().role()
                                    + " "
                                    + arguments.source().hostAndPort()
                                    + ": "
                                    + ConnectionErrors.firstLine(e.getMessage())));
            return 2;
        }
        if (result.tables().isEmpty() && result.failures().isEmpty()) {
            out.println(
                    "error: database "
                            + arguments.database()
                            + " on the source has no base"
                            + " tables (does it exist?)");
            return 2;
        }
        out.println(result.summaryLine());
        return exitCode(result);
    }

    /** 1 if any table differs, else 2 if any could not be compared, else 0. */
    static int exitCode(DatabaseComparison result) {
        if (result.hasDifferences()) {
            return 1;
        }
        return result.failures().isEmpty() ? 0 : 2;
    }
}
