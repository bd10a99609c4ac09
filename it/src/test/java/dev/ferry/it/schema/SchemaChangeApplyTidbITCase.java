package dev.ferry.it.schema;

import dev.ferry.it.support.OnTidb;

/**
 * {@link SchemaChangeApplyITCase} with TiDB as the downstream: each kind of DDL, rebuilt from the
 * definitions, is accepted by TiDB and leaves its tables equal to the upstream's.
 */
@OnTidb
class SchemaChangeApplyTidbITCase extends SchemaChangeApplyITCase {}
