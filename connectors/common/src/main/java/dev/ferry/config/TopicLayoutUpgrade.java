package dev.ferry.config;

import java.util.Collection;
import java.util.List;

/**
 * Keeps a changed default from moving a running pipeline to other topics: before one topic per
 * database became the default of {@code kafka.topic-pattern}, every table had a topic of its own. A
 * pipeline that started then and sets no pattern would write to, and read from, new topics while
 * changes not yet applied wait in the old ones; so both jobs refuse, naming what to set.
 */
public final class TopicLayoutUpgrade {
    /** The default {@code kafka.topic-pattern} before one topic per database: a topic per table. */
    public static final String TOPIC_PER_TABLE = "ferry.{database}.{table}";

    private TopicLayoutUpgrade() {}

    /** The topic the earlier default gave a table, as the capture named it. */
    public static String earlierTopic(String database, String table) {
        return TOPIC_PER_TABLE
                .replace("{database}", database.replaceAll("[^A-Za-z0-9._-]", "_"))
                .replace("{table}", table.replaceAll("[^A-Za-z0-9._-]", "_"));
    }

    /**
     * Refuses to start with the default pattern when this pipeline's changes are in topics of the
     * earlier default.
     *
     * @param patternSet whether {@code kafka.topic-pattern} was given
     * @param earlierTopics the earlier default's topics of this pipeline's tables that exist
     * @param where where they were found, for the message
     */
    public static void refuseDefaultOver(
            boolean patternSet, Collection<String> earlierTopics, String where) {
        if (patternSet || earlierTopics.isEmpty()) {
            return;
        }
        List<String> sorted = earlierTopics.stream().sorted().toList();
        throw new FerryConfigException(
                "kafka.topic-pattern is not set, and its default is now 'ferry.{database}' (one"
                        + " topic per database), but this pipeline's changes are in a topic per"
                        + " table, the earlier default: "
                        + sorted.get(0)
                        + (sorted.size() > 1 ? " and " + (sorted.size() - 1) + " more" : "")
                        + " "
                        + where
                        + ". Set kafka.topic-pattern="
                        + TOPIC_PER_TABLE
                        + " on both the capture and the apply job to keep that layout; to move to"
                        + " one topic per database, see docs/operations.md, \"Topic layout\".");
    }
}
