package dev.ferry.checksum;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Removes passwords from text before it is printed: the known passwords themselves, {@code
 * password=..} URL parameters and {@code user:password@} URL user info.
 */
final class Redactor {

    private static final String MASK = "****";
    private static final Pattern PASSWORD_PARAMETER =
            Pattern.compile("(?i)(password\\d?=)[^&;\\s)]*");
    private static final Pattern USER_INFO = Pattern.compile("(//[^/:@\\s]*:)[^@/\\s]*@");

    private final List<String> secrets;

    Redactor(List<String> secrets) {
        this.secrets = secrets.stream().filter(Objects::nonNull).filter(s -> !s.isEmpty()).toList();
    }

    String redact(String text) {
        if (text == null) {
            return "";
        }
        String out = text;
        for (String secret : secrets) {
            out = out.replace(secret, MASK);
        }
        out = PASSWORD_PARAMETER.matcher(out).replaceAll("$1" + MASK);
        return USER_INFO.matcher(out).replaceAll("$1" + MASK + "@");
    }
}
