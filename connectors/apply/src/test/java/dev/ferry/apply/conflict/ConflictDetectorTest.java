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

    private final ConflictDetector<String> detector =
            new ConflictDetector<>(
                    node -> {
                        ready.add(node.value());
                        nodes.put(node.value(), node);
                    });

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
    void aTransactionWaitingOnlyForABatchJoinsItOnce() {
        Object batch = new Object();
        addTracked("t1", insert(LEDGER, 1, 1, 10, null));
        addTracked("t2", update(LEDGER, 2, 1, 10, 10, null)); // waits for t1
        addTracked("t3", update(LEDGER, 3, 1, 10, 10, null)); // waits for t2
        ConflictDetector.Node<String> t1 = nodes.get("t1");
        detector.taken(t1, batch);
        List<ConflictDetector.Node<String>> afterT1 = detector.joinable(t1, batch);
        assertThat(afterT1).extracting(ConflictDetector.Node::value).containsExactly("t2");
        assertThat(detector.join(afterT1.get(0), batch)).isTrue();
        assertThat(detector.join(afterT1.get(0), batch)).as("already in the batch").isFalse();
        assertThat(detector.joinable(afterT1.get(0), batch))
                .extracting(ConflictDetector.Node::value)
                .as("t3 follows t2 into the batch")
                .containsExactly("t3");
        finishTracked("t1");
        assertThat(ready).as("t2 joined a batch: not handed out again").isEmpty();
    }

    @Test
    void aTransactionWaitingAlsoOutsideTheBatchDoesNotJoin() {
        Object batch = new Object();
        addTracked("t1", insert(LEDGER, 1, 1, 10, null));
        addTracked("t2", insert(SAVINGS, 2, 1, 20, null));
        addTracked("t3", update(LEDGER, 3, 1, 10, 10, null), update(SAVINGS, 3, 2, 20, 20, null));
        detector.taken(nodes.get("t1"), batch);
        assertThat(detector.joinable(nodes.get("t1"), batch)).as("t3 waits for t2 too").isEmpty();
        finishTracked("t2");
        List<ConflictDetector.Node<String>> joinable = detector.joinable(nodes.get("t1"), batch);
        assertThat(joinable).extracting(ConflictDetector.Node::value).containsExactly("t3");
        assertThat(detector.join(joinable.get(0), new Object()))
                .as("not into another batch")
                .isFalse();
        finishTracked("t1");
        assertThat(ready).as("t3 did not join: released when t1 finished").containsExactly("t3");
        assertThat(detector.join(joinable.get(0), batch)).as("released already").isFalse();
    }

    @Test
    void neitherABarrierNorItsDependentsJoin() {
        Object batch = new Object();
        addTracked("t1", insert(ACCOUNTS, 1, 1, 10, null));
        detector.add("big", new ConflictKeys.KeySet(), true);
        detector.taken(nodes.get("t1"), batch);
        assertThat(detector.joinable(nodes.get("t1"), batch)).isEmpty();
        finishTracked("t1");
        addTracked("t3", insert(ACCOUNTS, 3, 1, 11, null));
        detector.taken(nodes.get("big"), batch);
        assertThat(detector.joinable(nodes.get("big"), batch)).isEmpty();
    }

    @Test
    void aTransactionTouchingAUniqueKeyDoesNotJoin() {
        // accounts has a unique key on email: folding t2's rows with t1's could reorder a move of
        // an e-mail between rows; savings has none.
        Object batch = new Object();
        addTracked("t1", insert(ACCOUNTS, 1, 1, 10, null), insert(SAVINGS, 1, 2, 20, null));
        addTracked("t2", update(ACCOUNTS, 2, 1, 10, 10, "a@x"));
        addTracked("t3", update(SAVINGS, 3, 1, 20, 20, null));
        detector.taken(nodes.get("t1"), batch);
        assertThat(detector.joinable(nodes.get("t1"), batch))
                .extracting(ConflictDetector.Node::value)
                .containsExactly("t3");
        assertThat(detector.join(detector.joinable(nodes.get("t1"), batch).get(0), batch)).isTrue();
        finishTracked("t1");
        assertThat(ready).as("t2 waited for t1's commit").containsExactly("t2");
    }
}
