package dev.ferry.it.support;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Switches {@link Services}' downstream to TiDB for one test class, back to MariaDB after it. Runs
 * before the class's own {@code @BeforeAll} methods, so those see TiDB too.
 */
public final class TidbDownstream implements BeforeAllCallback, AfterAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        Services.useDownstream(Services.tidb());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Services.useDownstream(Services.mariadb());
    }
}
