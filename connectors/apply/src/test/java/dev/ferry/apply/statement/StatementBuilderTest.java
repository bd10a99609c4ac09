package dev.ferry.apply.statement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.TableId;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatementBuilderTest {
    private static final TableId T = TableId.of("shop", "or`ders");

    @Test
    void upsertIsOneMultiRowInsertOnDuplicateKeyUpdate() {
        assertThat(StatementBuilder.upsert(T, List.of("id", "v"), 2))
                .isEqualTo(
                        "INSERT INTO `shop`.`or``ders` (`id`,`v`) VALUES (?,?),(?,?)"
                                + " ON DUPLICATE KEY UPDATE `id`=VALUES(`id`),`v`=VALUES(`v`)");
    }

    @Test
    void deleteBySingleKeyUsesPlainIn() {
        assertThat(StatementBuilder.delete(T, List.of("id"), 3))
                .isEqualTo("DELETE FROM `shop`.`or``ders` WHERE `id` IN (?,?,?)");
    }

    @Test
    void deleteByCompositeKeyUsesRowValues() {
        assertThat(StatementBuilder.delete(T, List.of("a", "b"), 2))
                .isEqualTo("DELETE FROM `shop`.`or``ders` WHERE (`a`,`b`) IN ((?,?),(?,?))");
    }
}
