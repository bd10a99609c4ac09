package dev.ferry.it.saga;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferry.benchmarks.SqlScript;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Two banks for transfer sagas, one per participant server (bank1 upstream, bank2 downstream), in a
 * test database of the same name on both: accounts with bounded balances and a ledger of every
 * applied step. Builds the transfer commands (DTM's TransOut / TransIn, two SQL each).
 */
final class Bank {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String BANK1 = "bank1";
    static final String BANK2 = "bank2";

    private final TestDatabase db;

    private Bank(TestDatabase db) {
        this.db = db;
    }

    /** Creates the banks with {@code accounts} accounts each, every balance {@code balance}. */
    static Bank open(TestDatabase db, int accounts, long balance) {
        Sql.execute(Services.downstreamAdmin(), "CREATE DATABASE `" + db.name() + "`");
        String[] ddl =
                SqlScript.statements(resource("bank-schema.sql").replace("{db}", db.name()))
                        .toArray(String[]::new);
        StringBuilder seed = new StringBuilder("INSERT INTO `" + db.name() + "`.account VALUES ");
        for (int id = 1; id <= accounts; id++) {
            seed.append(id == 1 ? "" : ", ")
                    .append("(")
                    .append(id)
                    .append(", ")
                    .append(balance)
                    .append(")");
        }
        for (DatabaseEndpoint server : new DatabaseEndpoint[] {bank1(), bank2()}) {
            Sql.execute(server, ddl);
            Sql.execute(server, seed.toString());
        }
        return new Bank(db);
    }

    static DatabaseEndpoint bank1() {
        return Services.upstreamAdmin();
    }

    static DatabaseEndpoint bank2() {
        return Services.downstreamAdmin();
    }

    String name() {
        return db.name();
    }

    /** The participants option naming both banks. */
    static String participants() {
        return BANK1
                + "="
                + Services.HOST
                + ":"
                + Services.UPSTREAM_PORT
                + ","
                + BANK2
                + "="
                + Services.HOST
                + ":"
                + Services.downstreamAdmin().port();
    }

    long balance(DatabaseEndpoint bank, int account) {
        return Sql.queryLong(
                bank, "SELECT balance FROM `" + db.name() + "`.account WHERE id = " + account);
    }

    void setBalance(DatabaseEndpoint bank, int account, long balance) {
        Sql.execute(
                bank,
                "UPDATE `"
                        + db.name()
                        + "`.account SET balance = "
                        + balance
                        + " WHERE id = "
                        + account);
    }

    /** The sum of every balance in both banks. */
    long total() {
        return sum(bank1()) + sum(bank2());
    }

    private long sum(DatabaseEndpoint bank) {
        return Sql.queryLong(bank, "SELECT SUM(balance) FROM `" + db.name() + "`.account");
    }

    /** Ledger rows of one saga's branch and operation, over both banks. */
    long ledgerRows(String gid, String branch, String op) {
        String where =
                " FROM `"
                        + db.name()
                        + "`.ledger WHERE gid = '"
                        + gid
                        + "' AND branch = '"
                        + branch
                        + "' AND op = '"
                        + op
                        + "'";
        return Sql.queryLong(bank1(), "SELECT COUNT(*)" + where)
                + Sql.queryLong(bank2(), "SELECT COUNT(*)" + where);
    }

    /** (gid, branch, op) combinations that the ledgers hold more than once: steps applied twice. */
    long appliedTwice() {
        String sql =
                "SELECT COUNT(*) FROM (SELECT gid FROM `"
                        + db.name()
                        + "`.ledger GROUP BY gid, branch, op HAVING COUNT(*) > 1) twice";
        return Sql.queryLong(bank1(), sql) + Sql.queryLong(bank2(), sql);
    }

    /**
     * A transfer of {@code amount} from bank1's account {@code from} to bank2's account {@code to}:
     * step "out" then step "in", each an update and a ledger row, with compensations.
     */
    ObjectNode transfer(String gid, int from, int to, long amount) {
        ObjectNode command = JSON.createObjectNode();
        command.put("gid", gid);
        ArrayNode steps = command.putArray("steps");
        steps.add(step(gid, "out", BANK1, from, -amount));
        steps.add(step(gid, "in", BANK2, to, amount));
        return command;
    }

    private ObjectNode step(String gid, String branch, String bank, int account, long delta) {
        ObjectNode step = JSON.createObjectNode();
        step.put("branch", branch);
        step.set("action", sql(bank, change(gid, branch, "action", account, delta)));
        step.set("compensation", sql(bank, change(gid, branch, "compensation", account, -delta)));
        return step;
    }

    static ObjectNode sql(String bank, String... statements) {
        ObjectNode call = JSON.createObjectNode();
        call.put("participant", bank);
        ArrayNode sql = call.putArray("sql");
        for (String statement : statements) {
            sql.add(statement);
        }
        return call;
    }

    /** The two statements of one step: the balance change and its ledger row. */
    String[] change(String gid, String branch, String op, int account, long delta) {
        return new String[] {
            "UPDATE `"
                    + db.name()
                    + "`.account SET balance = balance + ("
                    + delta
                    + ") WHERE id = "
                    + account,
            "INSERT INTO `"
                    + db.name()
                    + "`.ledger (gid, branch, op, amount) VALUES ('"
                    + gid
                    + "', '"
                    + branch
                    + "', '"
                    + op
                    + "', "
                    + delta
                    + ")"
        };
    }

    private static String resource(String name) {
        try (InputStream in = Bank.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
