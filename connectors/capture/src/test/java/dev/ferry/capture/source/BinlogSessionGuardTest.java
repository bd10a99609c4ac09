package dev.ferry.capture.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class BinlogSessionGuardTest {
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Throwable> failures = new ArrayList<>();
    private final BinlogSessionGuard guard =
            new BinlogSessionGuard("upstream:3306", running::get, failures::add);

    /** A client that only carries a session id and a position; it never connects. */
    private static BinaryLogClient session(long id) throws Exception {
        BinaryLogClient client = new BinaryLogClient("upstream", 3306, "ferry", "secret");
        client.setBinlogFilename("mysql-bin.000007");
        client.setBinlogPosition(4711);
        var connectionId = BinaryLogClient.class.getDeclaredField("connectionId");
        connectionId.setAccessible(true);
        connectionId.setLong(client, id);
        return client;
    }

    @Test
    void theFirstSessionReadsUndisturbed() throws Exception {
        guard.onConnect(session(12));

        assertThat(failures).isEmpty();
    }

    @Test
    void aReconnectedSessionIsRefusedAndFailsTheReader() throws Exception {
        guard.onConnect(session(12));

        assertThatThrownBy(() -> guard.onConnect(session(13)))
                .isInstanceOf(BinlogSessionGuard.BinlogSessionLostException.class)
                .hasMessageContaining("reconnected to upstream:3306 at mysql-bin.000007:4711")
                .hasMessageContaining("restarts from its last checkpoint");
        assertThat(failures).hasSize(1);
        assertThat(failures.get(0).getMessage()).doesNotContain("secret");
    }

    @Test
    void aSessionEndedWhileReadingFailsTheReaderOnceAndNoSessionMayFollow() throws Exception {
        guard.onConnect(session(12));
        guard.onDisconnect(session(12));

        assertThat(failures).hasSize(1);
        assertThat(failures.get(0)).hasMessageContaining("ended at mysql-bin.000007:4711");
        // Even a session of the same id (a restarted server counts from 1 again) is refused.
        assertThatThrownBy(() -> guard.onConnect(session(12)))
                .isInstanceOf(BinlogSessionGuard.BinlogSessionLostException.class);
        assertThat(failures).as("the reader fails once").hasSize(1);
    }

    @Test
    void aDisconnectAfterFlinkCdcStoppedTheReaderIsNoFailure() throws Exception {
        guard.onConnect(session(12));
        running.set(false);
        guard.onDisconnect(session(12));

        assertThat(failures).isEmpty();
    }

    @Test
    void aGuardAttachedAfterTheFirstSessionOpenedStillSeesTheReconnect() throws Exception {
        BinaryLogClient first = session(12);
        var connected = BinaryLogClient.class.getDeclaredField("connected");
        connected.setAccessible(true);
        connected.setBoolean(first, true);
        guard.sessionOpenedBefore(first);
        guard.onConnect(first); // the listener may still be called for that same session

        assertThat(failures).isEmpty();
        assertThatThrownBy(() -> guard.onConnect(session(13)))
                .isInstanceOf(BinlogSessionGuard.BinlogSessionLostException.class);
    }
}
