package dev.ferry.it.consistency;

import dev.ferry.it.support.OnTidb;

/**
 * {@link LargeTransactionITCase} with TiDB as the downstream: a large transaction arrives in one
 * TiDB commit.
 */
@OnTidb
class LargeTransactionTidbITCase extends LargeTransactionITCase {}
