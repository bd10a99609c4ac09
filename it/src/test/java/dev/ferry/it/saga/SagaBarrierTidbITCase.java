package dev.ferry.it.saga;

import dev.ferry.it.support.OnTidb;

/**
 * {@link SagaBarrierITCase} with TiDB as the downstream: the barrier's table and transaction on a
 * TiDB participant.
 */
@OnTidb
class SagaBarrierTidbITCase extends SagaBarrierITCase {}
