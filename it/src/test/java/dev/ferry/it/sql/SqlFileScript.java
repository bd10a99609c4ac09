package dev.ferry.it.sql;

import dev.ferry.it.support.Services;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file of {@code sql/} with the values its header tells a user to edit set to the test's: the
 * database (ferry_demo), the ports of the services, server ids, consumer groups and ferry's topics.
 * Nothing else is changed.
 */
final class SqlFileScript {
    private static final Pattern SERVER_ID = Pattern.compile("'server-id' = '(\\d+)-(\\d+)'");
    private static final Pattern GROUP =
            Pattern.compile("('(?:properties\\.group\\.id|kafka\\.consumer-group)' = ')([^']*)'");

    /** The defaults of the files' headers that must all be replaced. */
    private static final List<String> DEFAULTS =
            List.of("ferry_demo", "'3307'", "'3308'", ":3308", ":9092", "'5500-");

    private SqlFileScript() {}

    /**
     * The script for the test.
     *
     * @param firstServerId the first of the fresh binlog reader ids
     * @param ferryTopics ferry's default topic names and the test capture's, or none
     */
    static String forTest(
            String file,
            String text,
            String database,
            int firstServerId,
            Map<String, String> ferryTopics) {
        // The values are put in place of markers only after the check below, so that a test
        // service listening on a default port (bin/services' 3307, 3308, 9092) does not look like
        // a default the substitutions missed.
        String marked =
                text.replace("ferry_demo", "@database@")
                        .replace("'port' = '3307'", "'port' = '@upstream-port@'")
                        .replace(
                                "'downstream.port' = '3308'",
                                "'downstream.port' = '@downstream-port@'")
                        .replace("127.0.0.1:3308", "@downstream@")
                        .replace("127.0.0.1:9092", "@kafka@");
        Matcher ids = SERVER_ID.matcher(marked);
        StringBuilder withIds = new StringBuilder();
        while (ids.find()) {
            int width = Integer.parseInt(ids.group(2)) - Integer.parseInt(ids.group(1));
            ids.appendReplacement(withIds, "'server-id' = '@server-ids-" + width + "@'");
        }
        ids.appendTail(withIds);
        marked = withIds.toString();
        for (String left : DEFAULTS) {
            if (marked.contains(left)) {
                throw new IllegalStateException(
                        "sql/"
                                + file
                                + " still names "
                                + left
                                + " after the test's substitutions: teach SqlFileScript the"
                                + " file's new way of naming it");
            }
        }
        String script =
                marked.replace("@database@", database)
                        .replace("@upstream-port@", String.valueOf(Services.UPSTREAM_PORT))
                        .replace("@downstream-port@", String.valueOf(Services.DOWNSTREAM_PORT))
                        .replace("@downstream@", Services.HOST + ":" + Services.DOWNSTREAM_PORT)
                        .replace("@kafka@", Services.KAFKA);
        Matcher widths = Pattern.compile("@server-ids-(\\d+)@").matcher(script);
        StringBuilder withServerIds = new StringBuilder();
        while (widths.find()) {
            int width = Integer.parseInt(widths.group(1));
            widths.appendReplacement(withServerIds, firstServerId + "-" + (firstServerId + width));
        }
        widths.appendTail(withServerIds);
        script = GROUP.matcher(withServerIds).replaceAll("$1$2-" + database + "'");
        for (Map.Entry<String, String> topic : ferryTopics.entrySet()) {
            script = script.replace("'" + topic.getKey() + "'", "'" + topic.getValue() + "'");
        }
        return script;
    }
}
