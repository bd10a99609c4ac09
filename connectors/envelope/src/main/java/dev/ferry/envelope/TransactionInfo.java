package dev.ferry.envelope;

import java.io.Serializable;

/**
 * The upstream transaction a binlog change belongs to, with the change's order in it (1-based, over
 * all tables) and its order among the transaction's changes to the same table. Snapshot rows belong
 * to no transaction.
 */
public record TransactionInfo(String id, long totalOrder, long dataCollectionOrder)
        implements Serializable {}
