package dev.ferry.capture.filter;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Stream;

/**
 * Which upstream tables are captured: those {@code upstream.tables} names and those matching an
 * {@code upstream.tables.include} pattern, less those matching an {@code upstream.tables.exclude}
 * pattern. One rule for the preflight's snapshot list ({@link #includes}) and for Flink CDC's table
 * filter ({@link #sourceTableList}), which also decides the binlog's rows and which new tables are
 * captured, so the three phases cannot disagree.
 */
public final class TableSelection implements Serializable {
    private static final long serialVersionUID = 1L;

    /** {@code db.table} or {@code db.*} entries of upstream.tables, checked to exist at start. */
    private final List<TableId> names;

    private final List<Pattern> include;
    private final List<Pattern> exclude;

    /** A table captured whatever the patterns say (the heartbeat table), or null. */
    private final TableId always;

    private TableSelection(
            List<TableId> names, List<Pattern> include, List<Pattern> exclude, TableId always) {
        this.names = List.copyOf(names);
        this.include = List.copyOf(include);
        this.exclude = List.copyOf(exclude);
        this.always = always;
    }

    /**
     * @param names upstream.tables entries, {@code db.table} or {@code db.*}
     * @param include upstream.tables.include regular expressions
     * @param exclude upstream.tables.exclude regular expressions
     * @param always a table to capture in any case, or null
     * @throws FerryConfigException naming the pattern that does not compile, or when nothing is
     *     selected
     */
    public static TableSelection of(
            List<String> names, List<String> include, List<String> exclude, TableId always) {
        List<TableId> parsed = new ArrayList<>();
        for (String name : names) {
            try {
                parsed.add(TableId.parse(name.strip()));
            } catch (IllegalArgumentException e) {
                throw new FerryConfigException(
                        "upstream.tables entry '"
                                + name
                                + "' is not 'database.table' or 'database.*'; for regular"
                                + " expressions use upstream.tables.include.");
            }
        }
        if (parsed.isEmpty() && include.isEmpty()) {
            throw new FerryConfigException(
                    "upstream.tables or upstream.tables.include is required: name the tables to"
                            + " capture, e.g. --upstream.tables shop.* or --upstream.tables.include"
                            + " 'shop_[0-9]+[.]orders'.");
        }
        return new TableSelection(
                parsed,
                compile("upstream.tables.include", include),
                compile("upstream.tables.exclude", exclude),
                always);
    }

    private static List<Pattern> compile(String key, List<String> patterns) {
        List<Pattern> compiled = new ArrayList<>();
        for (String pattern : patterns) {
            String stripped = pattern.strip();
            if (stripped.isEmpty()) {
                continue;
            }
            try {
                compiled.add(Pattern.compile(stripped));
            } catch (PatternSyntaxException e) {
                throw new FerryConfigException(
                        key
                                + " pattern '"
                                + stripped
                                + "' is not a Java regular expression: "
                                + e.getDescription()
                                + " at index "
                                + e.getIndex()
                                + ". Patterns are separated by ';' and match the whole"
                                + " 'database.table'.");
            }
        }
        return compiled;
    }

    /** The upstream.tables entries, which must exist when the capture starts. */
    public List<TableId> names() {
        return names;
    }

    /** The table captured in any case (the heartbeat table), or null. */
    public TableId always() {
        return always;
    }

    /** Whether the table is captured. */
    public boolean includes(TableId table) {
        if (table.equals(always)) {
            return true;
        }
        String name = table.qualifiedName();
        if (exclude.stream().anyMatch(p -> p.matcher(name).matches())) {
            return false;
        }
        return names.stream().anyMatch(n -> nameMatches(n, table))
                || include.stream().anyMatch(p -> p.matcher(name).matches());
    }

    private static boolean nameMatches(TableId entry, TableId table) {
        return entry.database().equals(table.database())
                && (entry.table().equals("*") || entry.table().equals(table.table()));
    }

    /**
     * Flink CDC's table list (Debezium's table.include.list): regular expressions over the whole
     * {@code database.table}, each with the excludes as a negative lookahead, because Debezium
     * takes no exclude list beside an include list. {@code db.*} stays a pattern, so tables created
     * while the job runs are captured. Commas are escaped: Debezium splits the list at them.
     */
    public String[] sourceTableList() {
        String excluded =
                exclude.isEmpty()
                        ? ""
                        : "(?!"
                                + String.join(
                                        "|",
                                        exclude.stream()
                                                .map(p -> "(?:" + p.pattern() + ")$")
                                                .toList())
                                + ")";
        Stream<String> selected =
                Stream.concat(
                        names.stream().map(TableSelection::nameRegex),
                        include.stream().map(Pattern::pattern));
        Stream<String> list =
                Stream.concat(
                        Stream.ofNullable(always).map(TableSelection::nameRegex),
                        selected.map(regex -> excluded + "(?:" + regex + ")"));
        return list.map(TableSelection::escapeCommas).distinct().toArray(String[]::new);
    }

    /**
     * Flink CDC's database list: the databases of the tables there now, and for each include
     * pattern of the form {@code <database regex>\.<table regex>} its database regex, so that a
     * matching table in a database created later is captured too. A pattern of another form watches
     * every database's DDL ({@code .*}).
     */
    public String[] sourceDatabaseList(Collection<TableId> existing) {
        Set<String> databases = new LinkedHashSet<>();
        existing.forEach(t -> databases.add(Pattern.quote(t.database())));
        names.forEach(t -> databases.add(Pattern.quote(t.database())));
        if (always != null) {
            databases.add(Pattern.quote(always.database()));
        }
        for (Pattern pattern : include) {
            databases.add(databasePart(pattern.pattern()));
        }
        return databases.stream().map(TableSelection::escapeCommas).toArray(String[]::new);
    }

    /**
     * The regex before the first top-level {@code \.} of a pattern (outside groups and classes);
     * {@code .*} when there is none or the pattern is an alternation at its top level.
     */
    static String databasePart(String pattern) {
        if (RegexTopLevel.indexOf(pattern, '|') >= 0) {
            return ".*"; // an alternation of whole names: no single database part
        }
        int dot = RegexTopLevel.indexOfEscaped(pattern, '.');
        return dot <= 0 ? ".*" : pattern.substring(0, dot);
    }

    private static String nameRegex(TableId entry) {
        return Pattern.quote(entry.database())
                + "\\."
                + (entry.table().equals("*") ? "[^.]+" : Pattern.quote(entry.table()));
    }

    private static String escapeCommas(String regex) {
        StringBuilder escaped = new StringBuilder(regex.length());
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < regex.length()) {
                escaped.append(c).append(regex.charAt(++i));
            } else if (c == ',') {
                escaped.append("\\,");
            } else {
                escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
