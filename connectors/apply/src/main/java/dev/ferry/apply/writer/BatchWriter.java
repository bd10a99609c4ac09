package dev.ferry.apply.writer;

import com.mysql.cj.PreparedQuery;
import com.mysql.cj.jdbc.ClientPreparedStatement;
import com.mysql.cj.jdbc.JdbcConnection;
import dev.ferry.apply.buffer.RowChange;
import dev.ferry.apply.catalog.DownstreamCatalog;
import dev.ferry.apply.catalog.DownstreamTable;
import dev.ferry.apply.statement.StatementBuilder;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes one flush of net row changes downstream in a single transaction: per table, the deletes
 * first (rows deleted, and rows replaced because their unique values moved, so that a unique value
 * freed by one row can be taken by another), then the upserts, both as multi-row statements bounded
 * by rows and bytes.
 *
 * <p>Statements of {@link #MIN_CACHED_ROWS} rows or more are prepared on the server when the
 * connection asks for it ({@link WriterConnection} does): the server then parses each statement
 * shape once per connection instead of every time, and the values travel in binary. On the sysbench
 * oltp_insert replay that cut the downstream's CPU per row change by a fifth. Their shapes are few
 * (powers of two up to {@link #MAX_STATEMENT_ROWS} rows), as every shape a connection prepared
 * holds server memory until the {@link StatementCache} closes it. Shorter statements, the rest of a
 * chunk, are prepared by the driver as text: each would be a shape of its own on the server, and is
 * cheap to parse.
 *
 * <p>Those short statements of a flush travel together: each is written out as text with its values
 * (by the driver, as it would send it) and held until the flush ends or a server-prepared statement
 * comes, then all go in one multi-statement round trip ({@code allowMultiQueries}, which {@link
 * WriterConnection} sets; without it the driver sends them one by one). Over many tables a flush is
 * mostly such statements, one or two rows each: one round trip per flush instead of per statement.
 * Order is kept, as every statement goes in the order it was written.
 *
 * <p>Not thread-safe: one per writer.
 */
public final class BatchWriter {
    /** Below this many rows a statement's text is cheap to parse, so any row count will do. */
    static final int MIN_CACHED_ROWS = 32;

    /**
     * Most rows in one statement. Past a few hundred rows the per-statement costs no longer show,
     * while a server-prepared statement's memory grows with its rows: 1,024-row shapes made the
     * downstream hold 280 MB of prepared statements for 16 workers on four tables, 128-row ones 42
     * MB.
     */
    static final int MAX_STATEMENT_ROWS = 128;

    /** The MySQL protocol counts a prepared statement's parameters in two bytes. */
    static final int MAX_PLACEHOLDERS = 65_535;

    private final DownstreamCatalog catalog;
    private final int maxRows;
    private final int maxBytes;
    private final StatementCache statements = new StatementCache();

    /** Short statements written out as text, in order, not yet sent; with their shapes. */
    private final List<String> pendingSql = new ArrayList<>();

    private final List<StatementCache.Shape> pendingShapes = new ArrayList<>();

    public BatchWriter(DownstreamCatalog catalog, int maxRows, int maxBytes) {
        this.catalog = catalog;
        this.maxRows = maxRows;
        this.maxBytes = maxBytes;
    }

    /** Writes and commits; on failure rolls back and rethrows, leaving the batch unapplied. */
    public void write(Connection connection, Map<TableId, Collection<RowChange>> changes)
            throws SQLException {
        connection.setAutoCommit(false);
        try {
            writeUncommitted(connection, changes);
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(connection);
            throw e;
        }
    }

    /**
     * Writes the statements inside the caller's open transaction, which the caller commits or rolls
     * back.
     */
    public void writeUncommitted(Connection connection, Map<TableId, Collection<RowChange>> changes)
            throws SQLException {
        try {
            for (Map.Entry<TableId, Collection<RowChange>> table : changes.entrySet()) {
                writeTable(connection, catalog.table(connection, table.getKey()), table.getValue());
            }
            sendPending(connection);
        } catch (SQLException | RuntimeException e) {
            pendingSql.clear();
            pendingShapes.clear();
            catalog.invalidate();
            throw e;
        }
    }

    private void writeTable(
            Connection connection, DownstreamTable table, Collection<RowChange> rows)
            throws SQLException {
        List<RowChange> deletes = new ArrayList<>();
        Map<List<String>, List<RowChange>> upsertsByColumns = new LinkedHashMap<>();
        List<String> columns = List.of();
        List<RowChange> group = null;
        for (RowChange row : rows) {
            if (row.kind().deletes()) {
                deletes.add(row);
            }
            if (!row.kind().writesRow()) {
                continue;
            }
            // Rows of a table nearly always share their columns: reuse the last list and group
            // instead of copying every row's column names.
            if (group == null || !sameColumns(row.row().keySet(), columns)) {
                columns = List.copyOf(row.row().keySet());
                group = upsertsByColumns.computeIfAbsent(columns, c -> new ArrayList<>());
            }
            group.add(row);
        }
        if (!deletes.isEmpty()) {
            List<String> keyColumns = deletes.get(0).keyColumns();
            checkColumns(table, keyColumns);
            writeChunks(connection, table, keyColumns, deletes, false);
        }
        for (Map.Entry<List<String>, List<RowChange>> upserts : upsertsByColumns.entrySet()) {
            checkColumns(table, upserts.getKey());
            writeChunks(connection, table, upserts.getKey(), upserts.getValue(), true);
        }
    }

    private static boolean sameColumns(Set<String> names, List<String> columns) {
        if (names.size() != columns.size()) {
            return false;
        }
        int i = 0;
        for (String name : names) {
            if (!name.equals(columns.get(i++))) {
                return false;
            }
        }
        return true;
    }

    private void writeChunks(
            Connection connection,
            DownstreamTable table,
            List<String> columns,
            List<RowChange> rows,
            boolean upsert)
            throws SQLException {
        int start = 0;
        while (start < rows.size()) {
            int end = start;
            int bytes = 0;
            while (end < rows.size()
                    && end - start < maxRows
                    && (end == start || bytes < maxBytes)) {
                bytes += rowBytes(rows.get(end), columns, upsert);
                end++;
            }
            for (int piece = start; piece < end; ) {
                int n = statementRows(end - piece, columns.size());
                execute(connection, table, columns, rows.subList(piece, piece + n), upsert);
                piece += n;
            }
            start = end;
        }
    }

    /**
     * Rows for the next statement of a chunk with {@code remaining} rows of {@code columns} values
     * left: a power of two up to {@link #MAX_STATEMENT_ROWS} (and {@link #MAX_PLACEHOLDERS} values)
     * while at least {@link #MIN_CACHED_ROWS} remain, then the rest in one. Statements are prepared
     * once per connection and cached; with chunks of any size nearly every statement was a new
     * shape, whose parse took a fifth of a worker's time and whose cache entry stayed until
     * evicted. Powers of two give each table a handful of shapes; the short rest is cheap to parse.
     */
    static int statementRows(int remaining, int columns) {
        int most = Math.min(MAX_STATEMENT_ROWS, MAX_PLACEHOLDERS / Math.max(1, columns));
        if (remaining >= most) {
            return most >= MIN_CACHED_ROWS ? Integer.highestOneBit(most) : most;
        }
        return remaining < MIN_CACHED_ROWS ? remaining : Integer.highestOneBit(remaining);
    }

    private static int rowBytes(RowChange row, List<String> columns, boolean upsert) {
        int bytes = 0;
        for (int i = 0; i < columns.size(); i++) {
            bytes += ValueBinder.estimateBytes(valueOf(row, columns, i, upsert));
        }
        return bytes;
    }

    /** The i-th bound value: a column of the row for upserts, a key value for deletes. */
    private static Object valueOf(RowChange row, List<String> columns, int i, boolean upsert) {
        return upsert ? row.row().get(columns.get(i)) : row.key().get(i);
    }

    private void execute(
            Connection connection,
            DownstreamTable table,
            List<String> columns,
            List<RowChange> rows,
            boolean upsert)
            throws SQLException {
        StatementCache.Shape shape =
                new StatementCache.Shape(table.id(), columns, rows.size(), upsert);
        ValueBinder binder = ValueBinder.forColumns(table, columns);
        try {
            if (rows.size() < MIN_CACHED_ROWS) {
                try (PreparedStatement statement = prepareAsText(connection, shape)) {
                    bind(statement, binder, columns, rows, upsert);
                    if (textSafe(binder, columns, rows, upsert)
                            && statement.isWrapperFor(ClientPreparedStatement.class)) {
                        pendingSql.add(asText(statement));
                        pendingShapes.add(shape);
                        return;
                    }
                    sendPending(connection);
                    statement.executeUpdate();
                }
            } else {
                sendPending(connection);
                PreparedStatement statement =
                        statements.statement(connection, shape, BatchWriter::prepare);
                bind(statement, binder, columns, rows, upsert);
                statement.executeUpdate();
            }
        } catch (SQLException e) {
            if (e instanceof RefusedStatement) {
                throw e;
            }
            throw refused(shape, e);
        }
    }

    /** A statement the downstream refused, named by its shape (never its values). */
    private static final class RefusedStatement extends SQLException {
        RefusedStatement(String what, SQLException why, Throwable cause) {
            super(
                    "the downstream refused " + what + ": " + why.getMessage(),
                    why.getSQLState(),
                    why.getErrorCode(),
                    cause);
        }
    }

    private static RefusedStatement refused(StatementCache.Shape shape, SQLException e) {
        // A batch's error carries the refused statement's error as its cause, if the driver kept
        // it.
        SQLException why = e;
        if (e instanceof BatchUpdateException && e.getCause() instanceof SQLException cause) {
            why = cause;
        }
        return new RefusedStatement(describe(shape), why, e);
    }

    /** Sends the short statements held so far, in one round trip. */
    private void sendPending(Connection connection) throws SQLException {
        if (pendingSql.isEmpty()) {
            return;
        }
        try (Statement statement = connection.createStatement()) {
            // The text is the driver's own, with values escaped: nothing in it is an escape
            // sequence to expand.
            statement.setEscapeProcessing(false);
            if (pendingSql.size() == 1) {
                statement.executeUpdate(pendingSql.get(0));
            } else {
                for (String sql : pendingSql) {
                    statement.addBatch(sql);
                }
                statement.executeBatch();
            }
        } catch (BatchUpdateException e) {
            throw refusedInBatch(connection, e);
        } catch (SQLException e) {
            throw refused(pendingShapes.get(0), e);
        } finally {
            pendingSql.clear();
            pendingShapes.clear();
        }
    }

    /**
     * The error of a batch, naming the statement the downstream refused. The driver's update counts
     * of a multi-statement batch do not say which one failed, so for an error in the data (the job
     * stops on it) the statements are sent again one by one until one fails: they ran in this
     * transaction already, which the caller rolls back, and a row change sent again changes
     * nothing. An error that is retried (a deadlock, a lost connection) is not worth the round
     * trips: it names the statements sent together by their first.
     */
    private RefusedStatement refusedInBatch(Connection connection, BatchUpdateException e) {
        SQLException why = e.getCause() instanceof SQLException cause ? cause : e;
        if (!Retryable.isRetryable(why) && !DownstreamOutage.isConnectionLoss(why)) {
            try (Statement statement = connection.createStatement()) {
                statement.setEscapeProcessing(false);
                for (int i = 0; i < pendingSql.size(); i++) {
                    try {
                        statement.executeUpdate(pendingSql.get(i));
                    } catch (SQLException again) {
                        return refused(pendingShapes.get(i), again);
                    }
                }
            } catch (SQLException ignored) {
                // no statement of its own: name the batch as below
            }
        }
        return new RefusedStatement(
                "one of "
                        + pendingSql.size()
                        + " statements sent together, the first "
                        + describe(pendingShapes.get(0)),
                why,
                e);
    }

    /** The statement with its values, as the driver would send it. */
    private static String asText(PreparedStatement statement) throws SQLException {
        return ((PreparedQuery) statement.unwrap(ClientPreparedStatement.class).getQuery()).asSql();
    }

    /** Whether every value of the statement can travel as the driver's text of it. */
    private static boolean textSafe(
            ValueBinder binder, List<String> columns, List<RowChange> rows, boolean upsert) {
        for (RowChange row : rows) {
            for (int i = 0; i < columns.size(); i++) {
                if (!binder.textSafe(i, valueOf(row, columns, i, upsert))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A statement as the user may see it: its shape, never its values. */
    static String describe(StatementCache.Shape shape) {
        String columns = String.join(", ", shape.columns());
        return (shape.upsert()
                        ? "INSERT INTO "
                                + quoteTable(shape)
                                + " ("
                                + columns
                                + ") VALUES (?, ...)"
                                + " ON DUPLICATE KEY UPDATE"
                        : "DELETE FROM " + quoteTable(shape) + " WHERE (" + columns + ") IN (...)")
                + " of "
                + shape.rows()
                + (shape.rows() == 1 ? " row" : " rows");
    }

    private static String quoteTable(StatementCache.Shape shape) {
        return dev.ferry.apply.statement.Identifiers.quote(shape.table());
    }

    private static void bind(
            PreparedStatement statement,
            ValueBinder binder,
            List<String> columns,
            List<RowChange> rows,
            boolean upsert)
            throws SQLException {
        int index = 1;
        for (RowChange row : rows) {
            for (int i = 0; i < columns.size(); i++) {
                binder.bind(statement, index++, i, valueOf(row, columns, i, upsert));
            }
        }
    }

    private static String sql(StatementCache.Shape shape) {
        return shape.upsert()
                ? StatementBuilder.upsert(shape.table(), shape.columns(), shape.rows())
                : StatementBuilder.delete(shape.table(), shape.columns(), shape.rows());
    }

    /** A statement the connection prepares its way: on the server for a writer connection. */
    private static PreparedStatement prepare(Connection connection, StatementCache.Shape shape)
            throws SQLException {
        return connection.prepareStatement(sql(shape));
    }

    /** A short statement, sent as text (see the class comment). */
    private static PreparedStatement prepareAsText(
            Connection connection, StatementCache.Shape shape) throws SQLException {
        if (connection.isWrapperFor(JdbcConnection.class)) {
            return connection.unwrap(JdbcConnection.class).clientPrepareStatement(sql(shape));
        }
        return connection.prepareStatement(sql(shape));
    }

    private static void checkColumns(DownstreamTable table, List<String> columns) {
        for (String column : columns) {
            if (!table.hasColumn(column)) {
                throw new FerryConfigException(
                        "downstream table "
                                + table.id()
                                + " has no column '"
                                + column
                                + "', which the upstream table has (a DDL statement was not"
                                + " carried over: apply.consistency=row,"
                                + " apply.schema-change-behavior=ignore, or a skipped one). Add the"
                                + " column downstream with the upstream's type and restart the"
                                + " apply job; no change is lost meanwhile.");
            }
        }
    }

    /** Rolls back, ignoring a broken connection (the caller reconnects before a retry). */
    public static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // The connection is broken; the writer reconnects before the retry.
        }
    }
}
