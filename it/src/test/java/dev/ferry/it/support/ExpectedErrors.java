package dev.ferry.it.support;

import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.FileAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.apache.logging.log4j.core.filter.AbstractFilterable;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For test classes that make jobs fail on purpose ({@code @ExtendWith(ExpectedErrors.class)}): the
 * ERROR events and stack traces that Flink, Debezium and Kafka log for those failures go to {@code
 * target/expected-errors/<class>.log} instead of the console, so that a passing run prints none
 * (bin/lib/check-test-log checks it) and a real error stands out. The tests assert the failures
 * themselves.
 */
public final class ExpectedErrors implements BeforeAllCallback, AfterAllCallback {
    private static final String CONSOLE = "Console";

    private FileAppender file;
    private Filter hide;

    @Override
    public void beforeAll(ExtensionContext context) {
        Configuration config = configuration();
        String name = context.getRequiredTestClass().getSimpleName();
        file =
                FileAppender.newBuilder()
                        .setName("expected-errors-" + name)
                        .withFileName(
                                Path.of("target", "expected-errors", name + ".log").toString())
                        .setLayout(
                                PatternLayout.newBuilder()
                                        .withPattern("%d{HH:mm:ss.SSS} %-5level %t %c{1} - %msg%n")
                                        .build())
                        .setConfiguration(config)
                        .build();
        file.start();
        config.getRootLogger().addAppender(file, Level.WARN, null);
        hide = new HideFailures();
        hide.start();
        ((AbstractFilterable) console(config)).addFilter(hide);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Configuration config = configuration();
        ((AbstractFilterable) console(config)).removeFilter(hide);
        config.getRootLogger().removeAppender(file.getName());
        file.stop();
    }

    private static Configuration configuration() {
        return ((LoggerContext) LogManager.getContext(false)).getConfiguration();
    }

    private static Appender console(Configuration config) {
        Appender console = config.getAppender(CONSOLE);
        if (!(console instanceof AbstractFilterable)) {
            throw new IllegalStateException(
                    "log4j2-test.properties has no filterable appender named " + CONSOLE);
        }
        return console;
    }

    /** Keeps ERROR events and events with a stack trace off the console. */
    private static final class HideFailures extends AbstractFilter {
        @Override
        public Result filter(LogEvent event) {
            boolean failure =
                    event.getLevel().isMoreSpecificThan(Level.ERROR) || event.getThrown() != null;
            return failure ? Result.DENY : Result.NEUTRAL;
        }
    }
}
