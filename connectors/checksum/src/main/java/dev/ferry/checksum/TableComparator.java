package dev.ferry.checksum;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Compares one source table with its target table row by row, by primary key.
 *
 * <p>Both connections should be opened with {@code characterEncoding=UTF-8}, so that utf8mb4 text
 * (emoji included) reaches Java intact; with a URL such as {@code
 * jdbc:mysql://127.0.0.1:3307/?characterEncoding=UTF-8} (add {@code
 * useSSL=false&allowPublicKeyRetrieval=true} for a MySQL 8 server without TLS). During a comparison
 * each session's time zone is set to UTC; it is restored afterwards.
 */
public final class TableComparator {

    private final ComparisonConfig config;

    public TableComparator() {
        this(ComparisonConfig.defaults());
    }

    public TableComparator(ComparisonConfig config) {
        this.config = config;
    }

    /** Compares a table with the table of the same database and name on the target. */
    public TableComparison compare(Connection source, Connection target, TableRef table)
            throws SQLException {
        return compare(source, target, table, table);
    }

    /**
     * Compares {@code sourceTable} on {@code source} with {@code targetTable} on {@code target}.
     *
     * @throws IllegalArgumentException if the source table does not exist, has no primary key, or
     *     its key cannot be paginated (ENUM, SET or JSON key columns, or a key column missing on
     *     the target)
     */
    public TableComparison compare(
            Connection source, Connection target, TableRef sourceTable, TableRef targetTable)
            throws SQLException {
        ComparedTable table =
                new TableSchemaReader(config).read(source, sourceTable, target, targetTable);
        DifferenceCollector collector = new DifferenceCollector(table, config.maxDifferences());
        try (SessionTimeZone sourceZone = SessionTimeZone.pinToUtc(source);
                SessionTimeZone targetZone = SessionTimeZone.pinToUtc(target)) {
            KeysetReader sourceRows =
                    new JdbcKeysetReader(source, ChunkQuery.forSource(table), table);
            KeysetReader targetRows =
                    table.targetMissing()
                            ? KeysetReader.EMPTY
                            : new JdbcKeysetReader(target, ChunkQuery.forTarget(table), table);
            new RangeJoin(sourceRows, targetRows, config.chunkSize()).run(collector);
        }
        return collector.result();
    }
}
