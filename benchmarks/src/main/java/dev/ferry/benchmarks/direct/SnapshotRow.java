package dev.ferry.benchmarks.direct;

import dev.ferry.envelope.TableId;
import java.util.List;

/**
 * One row of the upstream snapshot as the direct import carries it: the table, its column names
 * (one list shared by every row of the table) and the values, already bindable by JDBC.
 */
public record SnapshotRow(TableId table, List<String> columns, Object[] values) {}
