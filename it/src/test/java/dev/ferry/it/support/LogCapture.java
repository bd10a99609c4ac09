package dev.ferry.it.support;

import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.WriterAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.layout.PatternLayout;

/**
 * Everything this JVM logs at INFO and above while open (the jobs' loggers, Flink's, the Kafka
 * clients' and Debezium's), with stack traces, so a test can check that no secret is written.
 */
public final class LogCapture implements AutoCloseable {
    private static final AtomicInteger NEXT = new AtomicInteger();

    private final StringWriter text = new StringWriter();
    private final WriterAppender appender;
    private final Level rootLevel;

    public LogCapture() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration configuration = context.getConfiguration();
        appender =
                WriterAppender.newBuilder()
                        .setName("log-capture-" + NEXT.incrementAndGet())
                        .setTarget(text)
                        .setLayout(PatternLayout.newBuilder().withPattern("%c %m %ex%n").build())
                        .build();
        appender.start();
        configuration.addAppender(appender);
        LoggerConfig root = configuration.getRootLogger();
        rootLevel = root.getLevel();
        root.setLevel(Level.INFO);
        root.addAppender(appender, Level.INFO, null);
        configuration.getLoggers().values().stream()
                .filter(logger -> logger != root)
                .forEach(logger -> logger.addAppender(appender, Level.INFO, null));
        context.updateLoggers();
    }

    /** What was logged so far. */
    public synchronized String text() {
        return text.toString();
    }

    @Override
    public void close() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration configuration = context.getConfiguration();
        configuration.getLoggers().values().forEach(l -> l.removeAppender(appender.getName()));
        configuration.getRootLogger().setLevel(rootLevel);
        context.updateLoggers();
        appender.stop();
    }
}
