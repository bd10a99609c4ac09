package dev.ferry.it.consistency;

import dev.ferry.it.support.OnTidb;

/**
 * {@link BankTransfersITCase} with TiDB as the downstream: the bank invariant holds in every TiDB
 * snapshot read mid-stream.
 */
@OnTidb
class BankTransfersTidbITCase extends BankTransfersITCase {}
