package dev.ferry.it.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;

/** Collects the ERROR events and the stack traces logged while it is open, from any thread. */
public final class LoggedErrors extends AbstractAppender implements AutoCloseable {
    private final List<String> events = new CopyOnWriteArrayList<>();

    private LoggedErrors() {
        super("logged-errors-" + System.nanoTime(), null, null, true, Property.EMPTY_ARRAY);
    }

    /** Starts collecting. */
    public static LoggedErrors collect() {
        LoggedErrors errors = new LoggedErrors();
        errors.start();
        configuration().getRootLogger().addAppender(errors, Level.WARN, null);
        return errors;
    }

    @Override
    public void append(LogEvent event) {
        if (event.getLevel().isMoreSpecificThan(Level.ERROR) || event.getThrown() != null) {
            events.add(
                    event.getLevel()
                            + " "
                            + event.getLoggerName()
                            + " - "
                            + event.getMessage().getFormattedMessage()
                            + (event.getThrown() == null ? "" : " (" + event.getThrown() + ")"));
        }
    }

    /** What was logged so far, one line per event. */
    public List<String> events() {
        return List.copyOf(events);
    }

    @Override
    public void close() {
        configuration().getRootLogger().removeAppender(getName());
        stop();
    }

    private static Configuration configuration() {
        return ((LoggerContext) LogManager.getContext(false)).getConfiguration();
    }
}
