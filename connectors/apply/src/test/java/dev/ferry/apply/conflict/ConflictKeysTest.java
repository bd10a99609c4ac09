package dev.ferry.apply.conflict;

import static dev.ferry.apply.assembly.Changes.ACCOUNTS;
import static dev.ferry.apply.assembly.Changes.SAVINGS;
import static dev.ferry.apply.assembly.Changes.insert;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionInfo;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConflictKeysTest {
    /** The accounts table has a unique key on email. */
    private final ConflictKeys keys =
            new ConflictKeys(
                    table -> table.equals(ACCOUNTS) ? List.of(List.of("email")) : List.of());

    private Set<Long> keysOf(ChangeEvent change) {
        ConflictKeys.KeySet set = new ConflictKeys.KeySet();
        keys.collect(change, set);
        Set<Long> hashes = new HashSet<>();
        for (int i = 0; i < set.size(); i++) {
            hashes.add(set.get(i));
        }
        return hashes;
    }

    private static boolean share(Set<Long> a, Set<Long> b) {
        Set<Long> common = new HashSet<>(a);
        common.retainAll(b);
        return !common.isEmpty();
    }

    @Test
    void samePrimaryKeyInOneTableShares() {
        assertThat(
                        share(
                                keysOf(insert(SAVINGS, 1, 1, 7, null)),
                                keysOf(insert(SAVINGS, 2, 1, 7, null))))
                .isTrue();
    }

    @Test
    void equalTablesShareKeysWhateverTheirInstance() {
        // The table hash is kept per table id instance: a new instance must hash alike.
        TableId again = TableId.of(SAVINGS.database(), SAVINGS.table());
        Set<Long> first = keysOf(insert(SAVINGS, 1, 1, 7, null));
        Set<Long> second = keysOf(insert(again, 2, 1, 7, null));
        Set<Long> repeated = keysOf(insert(SAVINGS, 3, 1, 7, null));
        assertThat(second).isEqualTo(first);
        assertThat(repeated).isEqualTo(first);
    }

    @Test
    void samePrimaryKeyInAnotherTableDoesNotShare() {
        assertThat(
                        share(
                                keysOf(insert(SAVINGS, 1, 1, 7, null)),
                                keysOf(insert(ACCOUNTS, 2, 1, 7, null))))
                .isFalse();
        // Names that concatenate alike are still different tables.
        TableId ab = TableId.of("a", "bc");
        TableId abc = TableId.of("ab", "c");
        assertThat(share(keysOf(insert(ab, 1, 1, 7, null)), keysOf(insert(abc, 2, 1, 7, null))))
                .isFalse();
    }

    @Test
    void differentPrimaryKeysDoNotShare() {
        assertThat(
                        share(
                                keysOf(insert(SAVINGS, 1, 1, 7, null)),
                                keysOf(insert(SAVINGS, 2, 1, 8, null))))
                .isFalse();
    }

    @Test
    void aKeyValueIsOneValueWhateverItsIntegerType() {
        assertThat(share(keysOf(withId(SAVINGS, 7)), keysOf(withId(SAVINGS, 7L)))).isTrue();
        assertThat(share(keysOf(withId(SAVINGS, (short) 7)), keysOf(withId(SAVINGS, 7L)))).isTrue();
        assertThat(share(keysOf(withId(SAVINGS, 7)), keysOf(withId(SAVINGS, 8L)))).isFalse();
    }

    @Test
    void stringKeysCompareAsMySqlsDefaultCollationDoes() {
        assertThat(share(keysOf(withId(SAVINGS, "Ab ")), keysOf(withId(SAVINGS, "aB")))).isTrue();
        assertThat(share(keysOf(withId(SAVINGS, "ab")), keysOf(withId(SAVINGS, "abc")))).isFalse();
    }

    @Test
    void aUniqueValueIsNotThePrimaryKeyWithTheSameValue() {
        // Row 5's e-mail "9" and row 9: different indexes, no conflict between them.
        ChangeEvent emailNine = withIdAndEmail(5L, "9");
        ChangeEvent rowNine = withIdAndEmail(9L, null);
        assertThat(share(keysOf(emailNine), keysOf(rowNine))).isFalse();
        assertThat(share(keysOf(emailNine), keysOf(withIdAndEmail(6L, "9")))).isTrue();
    }

    private static ChangeEvent withId(TableId table, Object id) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        return ChangeEvent.insert(table, row, List.of("id"), metadata());
    }

    private static ChangeEvent withIdAndEmail(long id, String email) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("email", email);
        return ChangeEvent.insert(ACCOUNTS, row, List.of("id"), metadata());
    }

    private static ChangeEvent.Metadata metadata() {
        return new ChangeEvent.Metadata(
                new SourcePosition("bin.000001", 4, 0, 1, 1000, false),
                new TransactionInfo("file=bin.000001,pos=4", 1, 1),
                1L);
    }
}
