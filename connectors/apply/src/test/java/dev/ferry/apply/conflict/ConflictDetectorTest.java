package dev.ferry.apply.conflict;

import static dev.ferry.apply.assembly.Changes.ACCOUNTS;
import static dev.ferry.apply.assembly.Changes.SAVINGS;
import static dev.ferry.apply.assembly.Changes.insert;
import static dev.ferry.apply.assembly.Changes.update;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConflictDetectorTest {
    /** Names of ready transactions, in the order the detector handed them out. */
    private final List<String> ready = new ArrayList<>();

    private final Map<String, ConflictDetector.Node<String>> nodes = new HashMap<>();

    private final ConflictDetector<String> detector = new ConflictDetector<>(this::handOut);

    /** Ready and chained nodes alike: both may be taken into a batch. */
    private void handOut(ConflictDetector.Node<String> node) {
        ready.add(node.value());
        nodes.put(node.value(), node);
    }

    /** A table without a unique key besides its primary key, like savings. */
    private static final TableId LEDGER = TableId.of("bank", "ledger");

    /** The accounts table has a unique key on email. */
    private final ConflictKeys keys =
            new ConflictKeys(
                    table -> table.equals(ACCOUNTS) ? List.of(List.of("email")) : List.of());

    private boolean addTracked(String name, ChangeEvent... changes) {
        ConflictKeys.KeySet set = new ConflictKeys.KeySet();
        for (ChangeEvent change : changes) {
            keys.collect(change, set);
        }
        return detector.add(name, set, false);
    }

    private void finishTracked(String name) {
        ready.remove(name);
        detector.finish(nodes.get(name));
    }

    @Test
    void sameKeyIsSerialised() {
        assertThat(addTracked("t1", insert(ACCOUNTS, 1, 1, 10, null))).isFalse();
        assertThat(addTracked("t2", update(ACCOUNTS, 2, 1, 10, 10, null))).isTrue();
        assertThat(ready).containsExactly("t1");
        finishTracked("t1");
        assertThat(ready).containsExactly("t2");
    }

    @Test
    void disjointKeysRunConcurrently() {
        addTracked("t1", insert(ACCOUNTS, 1, 1, 10, null));
        addTracked("t2", insert(ACCOUNTS, 2, 1, 11, null));
        addTracked("t3", insert(SAVINGS, 3, 1, 10, null)); // same id, other table
        assertThat(ready).containsExactly("t1", "t2", "t3");
        assertThat(detector.conflicts()).isZero();
    }

    @Test
    void transactionWaitsForBothEarlierOnes() {
        addTracked("t1", insert(ACCOUNTS, 1, 1, 10, null));
        addTracked("t2", insert(SAVINGS, 2, 1, 20, null));
        addTracked("t3", update(ACCOUNTS, 3, 1, 10, 10, null), update(SAVINGS, 3, 2, 20, 20, null));
        assertThat(ready).containsExactly("t1", "t2");
        finishTracked("t2");
        assertThat(ready).as("t3 still waits for t1").containsExactly("t1");
        finishTracked("t1");
        assertThat(ready).containsExactly("t3");
    }

    @Test
    void uniqueKeyValueSharedByDifferentRowsConflicts() {
        // t1 frees the e-mail from row 10; t2 gives it to row 11: t2 must wait.
        addTracked("t1", update(ACCOUNTS, 1, 1, 10, 10, "a@x"));
        addTracked("t2", insert(ACCOUNTS, 2, 1, 11, "A@x "));
        assertThat(ready).containsExactly("t1");
        finishTracked("t1");
        assertThat(ready).containsExactly("t2");
    }

    @Test
    void nullUniqueValuesDoNotConflict() {
        addTracked("t1", insert(ACCOUNTS, 1, 1, 10, null));
        addTracked("t2", insert(ACCOUNTS, 2, 1, 11, null));
        assertThat(ready).containsExactly("t1", "t2");
    }

    @Test
    void primaryKeyUpdateConflictsOnOldAndNewKey() {
        addTracked("t1", update(ACCOUNTS, 1, 1, 10, 20, null)); // row 10 becomes row 20
        addTracked("t2", insert(ACCOUNTS, 2, 1, 10, null)); // reuses the old key
        addTracked("t3", update(ACCOUNTS, 3, 1, 20, 20, null)); // touches the new key
        assertThat(ready).containsExactly("t1");
        finishTracked("t1");
        assertThat(ready).containsExactly("t2", "t3");
    }

    @Test
    void barrierWaitsForAllAndHoldsBackLaterOnes() {
        addTracked("t1", insert(ACCOUNTS, 1, 1, 10, null));
        detector.add("big", new ConflictKeys.KeySet(), true);
        addTracked("t3", insert(SAVINGS, 3, 1, 99, null));
        assertThat(ready).containsExactly("t1");
        finishTracked("t1");
        assertThat(ready).containsExactly("big");
        finishTracked("big");
        assertThat(ready).containsExactly("t3");
    }

    @Test
    void aTransactionWaitingOnlyForTakenOnesIsHandedOutChained() {
        Object batch = new Object();
        addTracked("t1", insert(LEDGER, 1, 1, 10, null));
        addTracked("t2", update(LEDGER, 2, 1, 10, 10, null)); // waits for t1
        addTracked("t3", update(LEDGER, 3, 1, 10, 10, null)); // waits for t2
        assertThat(ready).containsExactly("t1");
        assertThat(detector.taken(nodes.get("t1"), batch, this::handOut)).isEmpty();
        assertThat(ready).as("t2 waits only for t1, now taken").containsExactly("t1", "t2");
        assertThat(detector.taken(nodes.get("t2"), batch, this::handOut))
                .as("what t2 waits for is in the same batch")
                .isEmpty();
        assertThat(ready).containsExactly("t1", "t2", "t3");
        finishTracked("t1");
        finishTracked("t2");
        assertThat(ready).as("handed out once").containsExactly("t3");
    }

    @Test
    void aChainedTransactionTakenIntoAnotherBatchNamesTheBatchItFollows() {
        Object first = new Object();
        Object second = new Object();
        addTracked("t1", insert(LEDGER, 1, 1, 10, null));
        addTracked("t2", insert(SAVINGS, 2, 1, 20, null));
        addTracked("t3", update(LEDGER, 3, 1, 10, 10, null), update(SAVINGS, 3, 2, 20, 20, null));
        detector.taken(nodes.get("t1"), first, this::handOut);
        assertThat(ready).as("t3 waits for t2 too, not taken yet").containsExactly("t1", "t2");
        detector.taken(nodes.get("t2"), second, this::handOut);
        assertThat(ready).containsExactly("t1", "t2", "t3");
        Object third = new Object();
        assertThat(detector.taken(nodes.get("t3"), third, this::handOut))
                .containsExactlyInAnyOrder(first, second);
        finishTracked("t1");
        assertThat(ready).containsExactly("t2", "t3");
    }

    @Test
    void aTransactionAddedAfterItsDependencyWasTakenIsHandedOutAtOnce() {
        Object batch = new Object();
        addTracked("t1", insert(LEDGER, 1, 1, 10, null));
        detector.taken(nodes.get("t1"), batch, this::handOut);
        assertThat(addTracked("t2", update(LEDGER, 2, 1, 10, 10, null)))
                .as("it still counts as a conflict")
                .isTrue();
        assertThat(ready).containsExactly("t1", "t2");
        assertThat(detector.taken(nodes.get("t2"), new Object(), this::handOut))
                .containsExactly(batch);
    }

    @Test
    void neitherABarrierNorItsDependentsAreChained() {
        Object batch = new Object();
        addTracked("t1", insert(LEDGER, 1, 1, 10, null));
        detector.add("big", new ConflictKeys.KeySet(), true);
        detector.taken(nodes.get("t1"), batch, this::handOut);
        assertThat(ready).as("the barrier waits for t1's commit").containsExactly("t1");
        finishTracked("t1");
        addTracked("t3", insert(LEDGER, 3, 1, 11, null));
        assertThat(ready).containsExactly("big");
        detector.taken(nodes.get("big"), batch, this::handOut);
        assertThat(ready).as("t3 waits for the barrier's commit").containsExactly("big");
        finishTracked("big");
        assertThat(ready).containsExactly("t3");
    }

    @Test
    void aTransactionTouchingAUniqueKeyIsNotChained() {
        // accounts has a unique key on email: folding t2's rows with t1's could reorder a move of
        // an e-mail between rows; savings has none.
        Object batch = new Object();
        addTracked("t1", insert(ACCOUNTS, 1, 1, 10, null), insert(SAVINGS, 1, 2, 20, null));
        addTracked("t2", update(ACCOUNTS, 2, 1, 10, 10, "a@x"));
        addTracked("t3", update(SAVINGS, 3, 1, 20, 20, null));
        detector.taken(nodes.get("t1"), batch, this::handOut);
        assertThat(ready).containsExactly("t1", "t3");
        finishTracked("t1");
        assertThat(ready).as("t2 waited for t1's commit").containsExactly("t3", "t2");
    }

    @Test
    void keysInFlightCountsDistinctValuesOfUnfinishedTransactions() {
        addTracked("t1", insert(LEDGER, 1, 1, 10, null), insert(LEDGER, 1, 2, 11, null));
        addTracked("t2", update(LEDGER, 2, 1, 10, 10, null)); // row 10 again, before and after
        assertThat(detector.keysInFlight()).isEqualTo(2);
        finishTracked("t1");
        assertThat(detector.keysInFlight()).as("row 10 is still t2's").isEqualTo(1);
        finishTracked("t2");
        assertThat(detector.keysInFlight()).isZero();
    }

    @Test
    void aNodeListsEachKeyOnce() {
        addTracked("t1", update(LEDGER, 1, 1, 10, 10, null), update(LEDGER, 1, 2, 10, 10, null));
        assertThat(nodes.get("t1").keys()).hasSize(1);
    }
}
