package dev.ferry.it.progress;

import dev.ferry.it.support.OnTidb;

/**
 * {@link ProgressTablesITCase} with TiDB as the downstream: a commit over thousands of topics is
 * recorded, and an earlier version's VARCHAR offsets column is widened in place, keeping its rows.
 */
@OnTidb
class ProgressTablesTidbITCase extends ProgressTablesITCase {}
