package dev.ferry.benchmarks.saga;

import dev.ferry.benchmarks.SqlScript;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The DTM benchmark's transfer: TransOut on bank1 then TransIn on bank2, each a local transaction
 * of {@code sqlPerBranch} statements (2 or 10: the balance update and the movement record, looped).
 */
final class TransferWorkload {
    private final String database;
    private final int accounts;
    private final String branchTemplate;

    TransferWorkload(String database, int accounts) {
        this.database = database;
        this.accounts = accounts;
        this.branchTemplate = resource("branch.sql").replace("{db}", database);
    }

    /** The statements creating and filling one bank. */
    List<String> schema() {
        return SqlScript.statements(
                resource("bank-schema.sql")
                        .replace("{db}", database)
                        .replace("{accounts}", String.valueOf(accounts)));
    }

    int randomAccount() {
        return 1 + ThreadLocalRandom.current().nextInt(accounts);
    }

    /** One branch's statements: {@code sqlPerBranch / 2} rounds of update + record. */
    List<String> branch(String gid, String branch, int account, long delta, int sqlPerBranch) {
        List<String> round =
                SqlScript.statements(
                        branchTemplate
                                .replace("{gid}", gid)
                                .replace("{branch}", branch)
                                .replace("{account}", String.valueOf(account))
                                .replace("{delta}", String.valueOf(delta)));
        List<String> statements = new ArrayList<>();
        for (int i = 0; i < sqlPerBranch / round.size(); i++) {
            statements.addAll(round);
        }
        return statements;
    }

    private static String resource(String name) {
        try (InputStream in = TransferWorkload.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
