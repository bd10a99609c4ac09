package dev.ferry.apply.writer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.TableId;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatementCacheTest {
    private static final TableId T = TableId.of("db", "t");

    /** A statement that records whether it was closed, and whether poolable at the time. */
    private static final class Closable {
        boolean closed;
        boolean poolableWhenClosed = true;
        boolean poolable = true;

        PreparedStatement statement() {
            return (PreparedStatement)
                    Proxy.newProxyInstance(
                            getClass().getClassLoader(),
                            new Class<?>[] {PreparedStatement.class},
                            (proxy, method, args) -> {
                                switch (method.getName()) {
                                    case "setPoolable" -> poolable = (Boolean) args[0];
                                    case "close" -> {
                                        closed = true;
                                        poolableWhenClosed = poolable;
                                    }
                                    case "hashCode" -> {
                                        return System.identityHashCode(proxy);
                                    }
                                    case "equals" -> {
                                        return proxy == args[0];
                                    }
                                    default -> {}
                                }
                                return null;
                            });
        }
    }

    private static Connection connection() {
        return (Connection)
                Proxy.newProxyInstance(
                        StatementCacheTest.class.getClassLoader(),
                        new Class<?>[] {Connection.class},
                        (proxy, method, args) -> null);
    }

    private final List<Closable> prepared = new ArrayList<>();

    private PreparedStatement prepare(Connection connection, StatementCache.Shape shape) {
        Closable statement = new Closable();
        prepared.add(statement);
        return statement.statement();
    }

    private static StatementCache.Shape shape(int rows) {
        return new StatementCache.Shape(T, List.of("id", "v"), rows, true);
    }

    @Test
    void aShapeIsPreparedOnceAndReused() throws Exception {
        StatementCache cache = new StatementCache();
        Connection connection = connection();
        PreparedStatement first = cache.statement(connection, shape(64), this::prepare);
        PreparedStatement again = cache.statement(connection, shape(64), this::prepare);
        PreparedStatement other = cache.statement(connection, shape(128), this::prepare);

        assertThat(again).isSameAs(first);
        assertThat(other).isNotSameAs(first);
        assertThat(prepared).hasSize(2).noneMatch(s -> s.closed);
    }

    @Test
    void aNewConnectionClosesTheOldOnesStatements() throws Exception {
        StatementCache cache = new StatementCache();
        cache.statement(connection(), shape(64), this::prepare);
        cache.statement(connection(), shape(64), this::prepare);

        assertThat(prepared).hasSize(2);
        assertThat(prepared.get(0).closed).isTrue();
        assertThat(prepared.get(1).closed).isFalse();
    }

    @Test
    void theLeastRecentlyUsedIsClosedForGoodPastTheLimit() throws Exception {
        StatementCache cache = new StatementCache();
        Connection connection = connection();
        for (int rows = 1; rows <= StatementCache.MAX_OPEN; rows++) {
            cache.statement(connection, shape(rows), this::prepare);
        }
        cache.statement(connection, shape(1), this::prepare); // used again: now the newest
        cache.statement(connection, shape(1000), this::prepare);

        assertThat(cache.size()).isEqualTo(StatementCache.MAX_OPEN);
        assertThat(prepared.get(0).closed).as("shape 1 was used last but one").isFalse();
        Closable evicted = prepared.get(1);
        assertThat(evicted.closed).as("shape 2 was the least recently used").isTrue();
        assertThat(evicted.poolableWhenClosed)
                .as("not handed to the driver's cache, where it would stay prepared")
                .isFalse();
    }
}
