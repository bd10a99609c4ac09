package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.schema.Definitions;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bank invariant holds on every poll of the downstream while ALTER TABLE statements on both of
 * its tables are carried over in the middle of the transfers (consistency=transaction, 8 workers):
 * a DDL is a barrier, so no transfer is split by it.
 */
class BankAcrossDdlITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void theTotalHoldsOnEveryPollAcrossAlterTable() throws Exception {
        try (TestDatabase db = TestDatabase.create("bank_ddl");
                RunningJobs jobs = new RunningJobs()) {
            BankWorkload.open(db);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.applyOptions().setString("apply.consistency", "transaction");
            pipeline.applyOptions().setString("apply.workers", "8");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            BankWorkload.awaitOpeningBalances(db, jobs);
            BalanceChecker checker = BalanceChecker.start(db.name());
            long transfers;
            try (BankWorkload workload = BankWorkload.start(db, 4)) {
                Thread.sleep(8_000); // the binlog reader runs before the first DDL
                Sql.execute(
                        Services.upstreamAdmin(),
                        "ALTER TABLE `"
                                + db.name()
                                + "`.checking ADD COLUMN note VARCHAR(20) NOT NULL DEFAULT 'n/a'");
                Thread.sleep(6_000);
                Sql.execute(
                        Services.upstreamAdmin(),
                        "ALTER TABLE `" + db.name() + "`.savings ADD INDEX by_balance (balance)");
                Thread.sleep(6_000);
                transfers = workload.transfers();
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            checker.close();
            System.out.printf(
                    "across DDL: %d transfers, %d polls, %d violations%n",
                    transfers, checker.polls(), checker.violations());
            assertThat(Definitions.downstream(db)).isEqualTo(Definitions.upstream(db));
            assertThat(transfers).as("transfers upstream").isGreaterThan(300);
            assertThat(checker.polls()).as("polls of the downstream").isGreaterThan(100);
            assertThat(checker.violations())
                    .as("polls that saw half a transfer (%s)", checker.firstViolation())
                    .isZero();
        }
    }
}
