package dev.ferry.apply.ddl;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The columns an upstream ALTER TABLE renames, read from its text: {@code RENAME COLUMN a TO b} and
 * {@code CHANGE [COLUMN] a b …}. A {@code CHANGE} that keeps the name is no rename.
 */
public final class ColumnRenames {
    private static final String NAME = "(`(?:[^`]|``)+`|[A-Za-z0-9_$\\u0080-\\uFFFF]+)";
    private static final Pattern RENAME =
            Pattern.compile(
                    "\\bRENAME\\s+COLUMN\\s+" + NAME + "\\s+TO\\s+" + NAME,
                    Pattern.CASE_INSENSITIVE);
    private static final Pattern CHANGE =
            Pattern.compile(
                    "\\bCHANGE\\s+(?:COLUMN\\s+)?(?:IF\\s+EXISTS\\s+)?" + NAME + "\\s+" + NAME,
                    Pattern.CASE_INSENSITIVE);

    private ColumnRenames() {}

    /** Old name → new name, in statement order. */
    public static Map<String, String> of(String ddl) {
        Map<String, String> renames = new LinkedHashMap<>();
        for (Pattern pattern : new Pattern[] {RENAME, CHANGE}) {
            Matcher matcher = pattern.matcher(ddl);
            while (matcher.find()) {
                String from = unquote(matcher.group(1));
                String to = unquote(matcher.group(2));
                if (!from.equalsIgnoreCase(to)) {
                    renames.put(from, to);
                }
            }
        }
        return renames;
    }

    private static String unquote(String name) {
        return name.startsWith("`")
                ? name.substring(1, name.length() - 1).replace("``", "`")
                : name;
    }
}
