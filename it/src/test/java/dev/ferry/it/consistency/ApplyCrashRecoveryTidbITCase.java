package dev.ferry.it.consistency;

import dev.ferry.it.support.OnTidb;

/**
 * {@link ApplyCrashRecoveryITCase} with TiDB as the downstream: exactly once across SIGKILLs of the
 * apply process, its progress kept in TiDB.
 */
@OnTidb
class ApplyCrashRecoveryTidbITCase extends ApplyCrashRecoveryITCase {}
