package dev.ferry.apply.source;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The change topics an apply job subscribes to: those of the tables on the schema topic, and those
 * that {@code kafka.topic-pattern} gives tables of the same databases created later, so that a new
 * table's topic is read (found within the consumer's partition discovery interval) without a
 * restart.
 */
public final class ChangeTopics {
    /** Characters a table name keeps in a topic name (the capture turns others into '_'). */
    private static final String TABLE = "[A-Za-z0-9._-]+";

    private ChangeTopics() {}

    /**
     * @param known the topics of the known tables
     * @param topicPattern {@code kafka.topic-pattern}, with {@code {database}} and {@code {table}}
     * @param databases the databases of the known tables
     */
    public static Pattern pattern(
            Collection<String> known, String topicPattern, Collection<String> databases) {
        List<String> alternatives = new ArrayList<>();
        for (String topic : known) {
            alternatives.add(Pattern.quote(topic));
        }
        if (topicPattern.contains("{table}")) {
            for (String database : databases) {
                alternatives.add(
                        literal(
                                        topicPattern.replace(
                                                "{database}",
                                                database.replaceAll("[^A-Za-z0-9._-]", "_")))
                                .replace("\\{table\\}", TABLE));
            }
        }
        return Pattern.compile(String.join("|", alternatives));
    }

    /** Escapes the pattern's text; its {table} placeholder stays findable. */
    private static String literal(String text) {
        return text.replaceAll("([\\\\.\\[\\]{}()*+?^$|])", "\\\\$1");
    }
}
