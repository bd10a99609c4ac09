package dev.ferry.benchmarks.ceiling;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Rows as sysbench's {@code oltp_insert} writes them into {@code sbtestN (id, k, c, pad)}: k random
 * in 1..table size, c ten groups of eleven random digits joined by '-', pad five such groups
 * (oltp_common.lua's templates), so that generated rows are as large as prepared ones.
 */
final class SysbenchRows {
    private static final int C_GROUPS = 10;
    private static final int PAD_GROUPS = 5;

    private SysbenchRows() {}

    /** Appends {@code (id,k,'c','pad')} to a VALUES list. */
    static void appendRow(StringBuilder sql, long id, long tableSize) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        sql.append('(')
                .append(id)
                .append(',')
                .append(1 + random.nextLong(Math.max(1, tableSize)))
                .append(",'");
        appendGroups(sql, C_GROUPS, random);
        sql.append("','");
        appendGroups(sql, PAD_GROUPS, random);
        sql.append("')");
    }

    private static void appendGroups(StringBuilder sql, int groups, ThreadLocalRandom random) {
        for (int g = 0; g < groups; g++) {
            if (g > 0) {
                sql.append('-');
            }
            for (int d = 0; d < 11; d++) {
                sql.append((char) ('0' + random.nextInt(10)));
            }
        }
    }
}
