package dev.ferry.benchmarks.tables;

import java.util.List;

/**
 * How the capture lays the tables out in Kafka: one topic for all the tables of the database
 * (ferry's default) or a topic per table.
 */
public enum TopicLayout {
    DATABASE,
    TABLE;

    /** The layout named as --topic-layout takes it: database or table. */
    public static TopicLayout of(String name) {
        return switch (name) {
            case "database" -> DATABASE;
            case "table" -> TABLE;
            default ->
                    throw new IllegalArgumentException(
                            "--topic-layout is database or table, got '" + name + "'");
        };
    }

    /** The capture's extra options for run {@code tag}: none for the default layout. */
    List<String> captureOptions(String tag) {
        return this == DATABASE
                ? List.of()
                : List.of("--kafka.topic-pattern", tag + ".{database}.{table}");
    }

    /** The layout as the report's first paragraph states it. */
    String described() {
        return this == TABLE
                ? "a topic per table (kafka.topic-pattern=<tag>.{database}.{table})"
                : "one topic per database (the default layout, kafka.topic-pattern=<tag>.{database})";
    }
}
