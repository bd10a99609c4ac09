package dev.ferry.it.consistency;

import dev.ferry.it.support.OnTidb;

/**
 * {@link OversizedTransactionITCase} with TiDB as the downstream: apply.max-transaction-size stops
 * or splits before TiDB is asked to commit.
 */
@OnTidb
class OversizedTransactionTidbITCase extends OversizedTransactionITCase {}
