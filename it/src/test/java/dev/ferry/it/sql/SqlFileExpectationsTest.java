package dev.ferry.it.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SqlFileExpectationsTest {

    /** Fails at once (without services) when a file is added to sql/ without its expectations. */
    @Test
    void everyFileInSqlHasExpectationsThatParse() throws IOException {
        Path sql = Path.of(System.getProperty("ferry.repo", "..")).resolve("sql");
        List<String> files;
        try (Stream<Path> listing = Files.list(sql)) {
            files =
                    listing.map(p -> p.getFileName().toString())
                            .filter(name -> name.endsWith(".sql"))
                            .toList();
        }
        assertThat(files).isNotEmpty();
        for (String file : files) {
            SqlFileExpectations expected = SqlFileExpectations.of(file);
            assertThat(expected.afterRows()).as(file).isNotEmpty();
            assertThat(expected.afterChanges()).as(file).isNotEmpty();
        }
    }

    @Test
    void readsTheDirectivesAndBothSections() {
        SqlFileExpectations expected =
                SqlFileExpectations.parse(
                        "x.sql",
                        """
                        # comment
                        database stock
                        downstream-tables
                        requires ferry-capture
                        client -l {connectors}
                        check downstream SELECT a, b FROM ferry_demo.t ORDER BY a
                        after rows
                        1\tone

                        after changes
                        1\tuno
                        2\tdos
                        """);

        assertThat(expected.database()).isEqualTo("stock");
        assertThat(expected.downstreamTables()).isTrue();
        assertThat(expected.ferryCapture()).isTrue();
        assertThat(expected.clientArguments()).isEqualTo("-l {connectors}");
        assertThat(expected.check())
                .isEqualTo(
                        new SqlFileExpectations.Check(
                                SqlFileExpectations.Where.DOWNSTREAM,
                                "SELECT a, b FROM ferry_demo.t ORDER BY a"));
        assertThat(expected.afterRows()).containsExactly("1\tone");
        assertThat(expected.afterChanges()).containsExactly("1\tuno", "2\tdos");
    }

    @Test
    void anUnknownLineOrAMissingSectionIsNamed() {
        assertThatThrownBy(() -> SqlFileExpectations.parse("x.sql", "database a\nchek kafka t\n"))
                .hasMessageContaining("x.sql.expected, line 2: unknown line 'chek kafka t'");
        assertThatThrownBy(
                        () ->
                                SqlFileExpectations.parse(
                                        "x.sql", "database a\ncheck kafka t\nafter rows\nr\n"))
                .hasMessageContaining("'after changes'");
    }
}
