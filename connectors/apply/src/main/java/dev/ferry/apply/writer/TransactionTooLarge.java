package dev.ferry.apply.writer;

import dev.ferry.apply.assembly.UpstreamTransaction;
import dev.ferry.config.FerryConfigException;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;

/**
 * The downstream refused a commit as too large (TiDB's {@code [kv:8004] Transaction is too large},
 * above its {@code performance.txn-total-size-limit}): retrying or restarting cannot help, so the
 * apply stops with an error naming the transaction and the options that fix it.
 */
final class TransactionTooLarge {
    /** TiDB's ErrTxnTooLarge. */
    static final int TIDB_ERROR_CODE = 8004;

    private TransactionTooLarge() {}

    static boolean matches(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getErrorCode() == TIDB_ERROR_CODE) {
                return true;
            }
            if (t.getMessage() != null && t.getMessage().contains("Transaction is too large")) {
                return true;
            }
        }
        return false;
    }

    /** The error to stop with; {@code batch} is what the refused commit held. */
    static FerryConfigException error(
            List<UpstreamTransaction> batch,
            DatabaseEndpoint downstream,
            long maxTransactionBytes,
            SQLException refusal) {
        UpstreamTransaction largest =
                batch.stream()
                        .max(Comparator.comparingLong(UpstreamTransaction::bytes))
                        .orElseThrow();
        String what =
                batch.size() == 1
                        ? "upstream " + describe(largest)
                        : "a batch of "
                                + batch.size()
                                + " upstream transactions (the largest: "
                                + describe(largest)
                                + ")";
        return new FerryConfigException(
                downstream
                        + " refused to commit "
                        + what
                        + " as too large for one transaction ("
                        + refusal.getMessage()
                        + "). The apply job stopped before it; nothing is lost. Set"
                        + " apply.max-transaction-size (now "
                        + (maxTransactionBytes >> 20)
                        + " MB) below the downstream's limit (TiDB:"
                        + " performance.txn-total-size-limit) so that ferry stops or splits"
                        + " before the downstream refuses, and apply.oversized-transaction=split"
                        + " to commit such transactions in parts; or raise the downstream's"
                        + " limit. Then restart the apply job.",
                refusal);
    }

    private static String describe(UpstreamTransaction tx) {
        return tx
                + " ("
                + tx.eventCount()
                + " changes, "
                + (tx.bytes() >> 20)
                + " MB of change records)";
    }
}
