package dev.ferry.checksum;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads one side of a table through JDBC with keyset pagination. */
final class JdbcKeysetReader implements KeysetReader {

    private final Connection connection;
    private final ChunkQuery query;
    private final List<ValueKind> kinds;
    private final List<ValueKind> keyKinds;
    private final List<Integer> keyIndexes;

    JdbcKeysetReader(Connection connection, ChunkQuery query, ComparedTable table) {
        this.connection = connection;
        this.query = query;
        this.kinds = table.columns().stream().map(ComparedColumn::kind).toList();
        this.keyKinds = table.keyKinds();
        this.keyIndexes = table.keyIndexes();
    }

    @Override
    public List<Row> read(RowKey after, RowKey upTo, int limit) throws SQLException {
        String sql = query.sql(after != null, upTo != null, limit);
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            int parameter = 1;
            parameter = bind(statement, parameter, after);
            bind(statement, parameter, upTo);
            try (ResultSet rows = statement.executeQuery()) {
                List<Row> chunk = new ArrayList<>(Math.min(limit, 1024));
                while (rows.next()) {
                    Object[] values = new Object[kinds.size()];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = JdbcValues.read(rows, i + 1, kinds.get(i));
                    }
                    chunk.add(Row.of(values, keyIndexes));
                }
                return chunk;
            }
        }
    }

    /** Binds one bound's parameters (see {@link ChunkQuery}) and returns the next position. */
    private int bind(PreparedStatement statement, int parameter, RowKey key) throws SQLException {
        if (key == null) {
            return parameter;
        }
        if (query.parametersPerBound() > 1) {
            JdbcValues.bind(statement, parameter++, keyKinds.get(0), key.value(0));
        }
        for (int i = 0; i < key.size(); i++) {
            JdbcValues.bind(statement, parameter++, keyKinds.get(i), key.value(i));
        }
        return parameter;
    }
}
