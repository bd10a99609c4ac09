package dev.ferry.benchmarks.services;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A database user's password for the endpoints given by flags, never from the command line (where
 * {@code ps} and shell histories show it): a file's first line, else an environment variable, else
 * bin/services' own password when the user is one of its users (password = user name).
 */
public final class Password {
    private Password() {}

    /**
     * Resolves the password of {@code user} on {@code role}'s server.
     *
     * @param file a file holding the password on its first line, or null
     * @param variable the environment variable that may hold it
     * @param environment the process's environment
     * @throws IllegalArgumentException when none gives one, or the file cannot be read; the message
     *     names where to put it and never holds a password
     */
    public static String resolve(
            String role, String user, Path file, String variable, Map<String, String> environment) {
        if (file != null) {
            try {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                String firstLine = text.lines().findFirst().orElse("");
                if (firstLine.isEmpty()) {
                    throw new IllegalArgumentException(
                            "the " + role + " password file " + file + " is empty");
                }
                return firstLine;
            } catch (IOException e) {
                throw new IllegalArgumentException(
                        "cannot read the " + role + " password file " + file + ": " + e, e);
            }
        }
        String value = environment.get(variable);
        if (value != null && !value.isEmpty()) {
            return value;
        }
        if (user.equals("ferry_admin")) {
            return user;
        }
        throw new IllegalArgumentException(
                "no password for the "
                        + role
                        + " user "
                        + user
                        + ": set "
                        + variable
                        + " or pass --"
                        + role
                        + "-password-file FILE");
    }
}
