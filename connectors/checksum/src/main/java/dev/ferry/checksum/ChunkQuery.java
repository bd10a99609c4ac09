package dev.ferry.checksum;

import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Builds one side's keyset-pagination query: {@code SELECT cols FROM t WHERE key > ? AND key <= ?
 * ORDER BY key LIMIT n}, with either bound optional.
 *
 * <p>The statement is generated rather than kept in a {@code .sql} file because its identifiers
 * come from the table. Composite keys use a row-value comparison, which MySQL, MariaDB and TiDB all
 * accept, preceded by a comparison on the first key column so that optimisers without row-value
 * range analysis still seek the primary-key index instead of scanning from the start.
 */
final class ChunkQuery {

    private final String select;
    private final List<String> keys;

    private ChunkQuery(String select, List<String> keys) {
        this.select = select;
        this.keys = keys;
    }

    /** The query over the source table. */
    static ChunkQuery forSource(ComparedTable table) {
        return of(table.source(), table, ComparedColumn::sourceType);
    }

    /** The query over the target table. */
    static ChunkQuery forTarget(ComparedTable table) {
        return of(table.target(), table, ComparedColumn::targetType);
    }

    private static ChunkQuery of(
            TableRef ref, ComparedTable table, Function<ComparedColumn, String> typeOnThisSide) {
        String columns =
                table.columns().stream()
                        .map(
                                c ->
                                        ComparedColumn.selectExpression(
                                                c.name(), typeOnThisSide.apply(c)))
                        .collect(Collectors.joining(", "));
        List<String> keys = table.keyNames().stream().map(TableRef::quote).toList();
        return new ChunkQuery("SELECT " + columns + " FROM " + ref.quoted(), keys);
    }

    /** The statement for the given bounds; parameters are the lower bound's, then the upper's. */
    String sql(boolean hasLower, boolean hasUpper, int limit) {
        StringBuilder sql = new StringBuilder(select);
        if (hasLower || hasUpper) {
            sql.append(" WHERE ");
        }
        if (hasLower) {
            sql.append(bound(">", ">="));
        }
        if (hasLower && hasUpper) {
            sql.append(" AND ");
        }
        if (hasUpper) {
            sql.append(bound("<=", "<="));
        }
        sql.append(" ORDER BY ").append(String.join(", ", keys));
        sql.append(" LIMIT ").append(limit);
        return sql.toString();
    }

    /** Parameters one bound takes: the first key value once more for a composite key. */
    int parametersPerBound() {
        return keys.size() == 1 ? 1 : keys.size() + 1;
    }

    private String bound(String rowOperator, String leadingOperator) {
        if (keys.size() == 1) {
            return keys.get(0) + " " + rowOperator + " ?";
        }
        String placeholders = String.join(", ", Collections.nCopies(keys.size(), "?"));
        return keys.get(0)
                + " "
                + leadingOperator
                + " ? AND ("
                + String.join(", ", keys)
                + ") "
                + rowOperator
                + " ("
                + placeholders
                + ")";
    }
}
