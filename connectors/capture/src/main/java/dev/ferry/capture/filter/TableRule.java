package dev.ferry.capture.filter;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One {@code table-regex:value} entry of a filter option: the tables it applies to and its value,
 * still as text.
 */
public record TableRule(String option, Pattern tables, String value) implements Serializable {

    public boolean appliesTo(TableId table) {
        return tables.matcher(table.qualifiedName()).matches();
    }

    /** The entries of one option, each checked to have a compiling regex and a value. */
    public static List<TableRule> parseAll(String option, List<String> entries) {
        List<TableRule> rules = new ArrayList<>();
        for (String entry : entries) {
            if (!entry.isBlank()) {
                rules.add(parse(option, entry.strip()));
            }
        }
        return List.copyOf(rules);
    }

    /** Splits at the first ':' outside groups and classes, so that {@code (?:a|b)} stays whole. */
    static TableRule parse(String option, String entry) {
        int colon = RegexTopLevel.indexOf(entry, ':');
        if (colon < 0) {
            colon = entry.indexOf(':'); // unbalanced groups: the regex check below names it
        }
        if (colon <= 0 || colon == entry.length() - 1) {
            throw new FerryConfigException(
                    option
                            + " entry '"
                            + entry
                            + "' is not 'table-regex:value'; separate entries with ';'.");
        }
        String regex = entry.substring(0, colon).strip();
        try {
            return new TableRule(
                    option, Pattern.compile(regex), entry.substring(colon + 1).strip());
        } catch (PatternSyntaxException e) {
            throw new FerryConfigException(
                    option
                            + " table pattern '"
                            + regex
                            + "' is not a Java regular expression: "
                            + e.getDescription()
                            + " at index "
                            + e.getIndex()
                            + ".");
        }
    }
}
