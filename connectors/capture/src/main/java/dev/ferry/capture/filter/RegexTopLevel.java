package dev.ferry.capture.filter;

/**
 * Finds a character at a Java regular expression's top level: outside groups and character classes,
 * where it splits the whole expression (a table rule's {@code :}, a pattern's {@code \.} between
 * database and table, an alternation's {@code |}).
 */
final class RegexTopLevel {
    private RegexTopLevel() {}

    /** The index of the first unescaped top-level {@code wanted}; -1 if there is none. */
    static int indexOf(String regex, char wanted) {
        return scan(regex, wanted, false);
    }

    /**
     * The index of the backslash of the first top-level escaped {@code wanted} (such as {@code
     * \.}); -1 if there is none.
     */
    static int indexOfEscaped(String regex, char wanted) {
        return scan(regex, wanted, true);
    }

    private static int scan(String regex, char wanted, boolean escaped) {
        int depth = 0;
        boolean inClass = false;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            boolean topLevel = !inClass && depth == 0;
            if (c == '\\') {
                if (escaped
                        && topLevel
                        && i + 1 < regex.length()
                        && regex.charAt(i + 1) == wanted) {
                    return i;
                }
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (!escaped && topLevel && c == wanted) {
                return i;
            }
        }
        return -1;
    }
}
