package dev.ferry.benchmarks.importing;

/** The import report's last section: how each figure was measured. */
final class ImportNotes {
    private ImportNotes() {}

    static String of(ImportSettings settings) {
        StringBuilder md = new StringBuilder("## How each figure was measured\n\n");
        md.append(
                "- **data size**: `SUM(DATA_LENGTH)` of the upstream tables in"
                        + " `information_schema.TABLES` after `sysbench prepare` (InnoDB pages, as"
                        + " DM's reports count it); every MB/s is that size ÷ the time, so all tools"
                        + " are divided by the same number.\n");
        md.append(
                "- **time** of a load or an end-to-end copy: from starting the process (JVM start"
                        + " included: that is what a user waits for) until the downstream holds"
                        + " every row: the total `COUNT(*)` of the 4 tables, polled over JDBC every"
                        + " 0.5 s. Each copy starts from empty downstream tables of the upstream's"
                        + " definition (myloader creates its own from the dump).\n");
        md.append(
                "- **ferry dump**: from starting `ferry.jar capture` until the change topics'"
                        + " committed end offsets (last stable offsets, read with Kafka's Admin API"
                        + " by `dev.ferry.benchmarks.kafka.TopicOffsets`, polled every 100 ms) sum"
                        + " to at least the row count with no Kafka transaction open. The offsets"
                        + " also count one commit marker per partition and checkpoint, and capture"
                        + " commits at checkpoints (every 2 s), so the time includes the wait for"
                        + " the last checkpoint.\n");
        md.append(
                "- **ferry load**: `ferry.jar apply` started on that backlog under its own"
                        + " consumer group (so every load reads the same records from the start)"
                        + " into empty tables. **ferry end to end**: capture and apply started"
                        + " together on fresh topics. Both are timed like the other copies.\n");
        md.append(
                "- **mydumper**: wall time of `mydumper` writing SQL files to local disk."
                        + " **myloader**: wall time of `myloader` until it exits, checked afterwards"
                        + " by `COUNT(*)`.\n");
        md.append(
                "- **rows per INSERT (measured)**: the rows copied ÷ the growth of the"
                        + " downstream's `Com_insert` status counter during the copy (any other"
                        + " INSERT, e.g. ferry's progress table, counts too; no other work uses"
                        + " this downstream).\n");
        md.append(
                "- **downstream ceiling**: `dev.ferry.benchmarks.ceiling.CeilingLoader` generates"
                        + " sysbench-identical rows (sysbench's templates for `k`, `c`, `pad`;"
                        + " nothing is read from the upstream) and writes them as autocommitted"
                        + " multi-row `INSERT`s over N connections taking statements from one"
                        + " queue: what the downstream absorbs without Flink, Kafka or an upstream."
                        + " Its time is its own, from the first statement to the last commit (no"
                        + " JVM start: a ceiling of the downstream, not of a tool); its statement"
                        + " latency p99 is measured around each `execute` call.\n");
        md.append(
                "- **CPU seconds**: utime + stime from `/proc/<pid>/stat` before and after each"
                        + " copy, per process (`capture`, `apply`, `stock`, `ceiling`, and the"
                        + " services `kafka`, `down`, `up`: bin/services' pid files with"
                        + " `--services endpoints`, the containers' server processes otherwise)."
                        + " mydumper's, myloader's and the ceiling's own CPU (`mydumper=`,"
                        + " `myloader=`, `ceiling=`: processes that have exited when the copy"
                        + " ends) is what the kernel added to this JVM's waited-for children's"
                        + " time (`/proc/self/stat` cutime + cstime) while each ran.\n");
        if (settings.runs("direct")) {
            md.append(
                            "- **direct import probe**:"
                                    + " `dev.ferry.benchmarks.direct.DirectImportProbe` (not a"
                                    + " product option): Flink CDC's MySQL source at snapshot-only"
                                    + " startup with the capture's source settings (parallelism ")
                    .append(settings.dumpThreads())
                    .append(
                            ", chunk and fetch size at ferry's defaults, backfill on), chained in"
                                    + " the same task to a sink that gathers rows per table and"
                                    + " writes autocommitted multi-row `INSERT … ON DUPLICATE KEY"
                                    + " UPDATE` of ")
                    .append(settings.batch())
                    .append(" rows (the apply's `StatementBuilder`, prepared on the server) over ")
                    .append(settings.directConnections())
                    .append(
                            " connections. Timed like the other copies, from its start until the"
                                    + " downstream holds every row; afterwards it compares every"
                                    + " table's `COUNT(*)` and CRC32 sum with the upstream's and"
                                    + " fails the run on a difference. Its CPU is taken when the"
                                    + " rows are all downstream, before those checks.\n");
        }
        md.append(
                "- **Ratios**: rows/s of the two pipelines on the same data in this run. The"
                        + " targets (issue 6): ferry end to end ≥ 2× the stock pipeline, and ≥ 0.6×"
                        + " mydumper + myloader (dump then load, their times added).\n");
        return md.toString();
    }
}
