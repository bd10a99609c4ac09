package dev.ferry.checksum;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Removes passwords from text before it is printed: the values of {@code password=..} URL
 * parameters and of {@code user:password@} URL user info. Only a password's own place is masked,
 * never other text that happens to equal it (a user name equal to its password stays readable).
 */
final class Redactor {

    private static final String MASK = "****";
    private static final Pattern PASSWORD_PARAMETER =
            Pattern.compile("(?i)(password\\d?=)[^&;\\s)]*");
    private static final Pattern USER_INFO = Pattern.compile("(//[^/:@\\s]*:)[^@/\\s]*@");

    private final List<String> secrets;

    /** {@code secrets} are the known passwords, masked whole where they stand as a password. */
    Redactor(List<String> secrets) {
        this.secrets = secrets.stream().filter(Objects::nonNull).filter(s -> !s.isEmpty()).toList();
    }

    String redact(String text) {
        if (text == null) {
            return "";
        }
        String out = text;
        // A known password may hold the characters that end the patterns below (&, ;, @, /).
        for (String secret : secrets) {
            out = out.replace("password=" + secret, "password=" + MASK);
            out = out.replace(":" + secret + "@", ":" + MASK + "@");
        }
        out = PASSWORD_PARAMETER.matcher(out).replaceAll("$1" + MASK);
        return USER_INFO.matcher(out).replaceAll("$1" + MASK + "@");
    }
}
