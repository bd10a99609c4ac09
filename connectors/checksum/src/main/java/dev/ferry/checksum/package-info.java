/**
 * Row-by-row comparison of a source table (MySQL or MariaDB) with its replica (TiDB or MariaDB).
 *
 * <p>Entry points: {@link dev.ferry.checksum.TableComparator} for one table, {@link
 * dev.ferry.checksum.DatabaseComparator} for many, {@link dev.ferry.checksum.ChecksumCommand} for
 * the command line. Only SQL that MySQL, MariaDB and TiDB all accept is used.
 */
package dev.ferry.checksum;
