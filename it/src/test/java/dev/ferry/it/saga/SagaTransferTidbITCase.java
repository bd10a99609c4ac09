package dev.ferry.it.saga;

import dev.ferry.it.support.OnTidb;

/**
 * {@link SagaTransferITCase} with TiDB as the downstream: the second bank is a TiDB participant.
 */
@OnTidb
class SagaTransferTidbITCase extends SagaTransferITCase {}
