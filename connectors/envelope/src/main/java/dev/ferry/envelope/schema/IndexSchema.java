package dev.ferry.envelope.schema;

import java.io.Serializable;
import java.util.List;

/** A primary key, unique key or secondary index of an upstream table. */
public record IndexSchema(String name, boolean primary, boolean unique, List<IndexColumn> columns)
        implements Serializable {

    /** One column of an index, with its prefix length for TEXT/BLOB prefixes (null: whole). */
    public record IndexColumn(String name, Integer prefixLength) implements Serializable {}

    public List<String> columnNames() {
        return columns.stream().map(IndexColumn::name).toList();
    }
}
