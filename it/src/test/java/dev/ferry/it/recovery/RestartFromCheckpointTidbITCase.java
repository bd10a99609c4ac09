package dev.ferry.it.recovery;

import dev.ferry.it.support.OnTidb;

/**
 * {@link RestartFromCheckpointITCase} with TiDB as the downstream: the apply job resumes from its
 * progress table in TiDB.
 */
@OnTidb
class RestartFromCheckpointTidbITCase extends RestartFromCheckpointITCase {}
