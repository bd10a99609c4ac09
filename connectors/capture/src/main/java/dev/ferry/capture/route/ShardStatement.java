package dev.ferry.capture.route;

import java.util.regex.Pattern;

/**
 * A shard's DDL statement without its table's name, so that the statements of a merged table's
 * shards compare equal when they do the same: {@code ALTER TABLE `db_1`.`t_1` ADD c INT} and {@code
 * alter table t_2 ADD c INT;} are both {@code ALTER TABLE ADD c INT}.
 */
final class ShardStatement {
    private static final Pattern ALTER_TABLE =
            Pattern.compile(
                    "^\\s*ALTER\\s+((?:ONLINE\\s+|IGNORE\\s+)*)TABLE\\s+"
                            + "(?:`(?:[^`]|``)+`|[^`\\s.]+)"
                            + "(?:\\s*\\.\\s*(?:`(?:[^`]|``)+`|[^`\\s.]+))?\\s*",
                    Pattern.CASE_INSENSITIVE);
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);

    private ShardStatement() {}

    /** The statement with its table name left out, comments removed and spaces collapsed. */
    static String normalise(String ddl) {
        String statement = COMMENT.matcher(ddl).replaceAll(" ");
        var alter = ALTER_TABLE.matcher(statement);
        if (alter.find()) {
            String options = alter.group(1).strip().replaceAll("\\s+", " ").toUpperCase();
            statement =
                    "ALTER "
                            + (options.isEmpty() ? "" : options + " ")
                            + "TABLE "
                            + statement.substring(alter.end());
        }
        statement = statement.strip().replaceAll("\\s+", " ");
        while (statement.endsWith(";")) {
            statement = statement.substring(0, statement.length() - 1).strip();
        }
        return statement;
    }
}
