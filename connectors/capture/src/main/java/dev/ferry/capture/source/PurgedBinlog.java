package dev.ferry.capture.source;

import dev.ferry.config.FerryConfigException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognizes the binlog reader's failure when the binlog file a restart needs has been purged, and
 * turns it into a stop that names the file and how to start over with a new snapshot.
 */
public final class PurgedBinlog {
    private static final Pattern FILE =
            Pattern.compile("(?:file|currentBinlogFilename|binlog-filename)=([^,}\\]\\s]+)");

    private PurgedBinlog() {}

    /** The clear error when {@code failure} is a purged binlog; null otherwise. */
    public static FerryConfigException explain(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage() == null ? "" : cause.getMessage();
            if (message.contains("no longer available on the server")
                    || message.contains("purged required binary logs")) {
                Matcher file = FILE.matcher(message);
                String name = file.find() ? file.group(1) : null;
                return new FerryConfigException(
                        "capture: the upstream has purged the binlog file "
                                + (name == null ? "this job's checkpoint resumes from" : name)
                                + ", which the restart needs (it was stopped or behind longer"
                                + " than the upstream keeps binlogs: binlog_expire_logs_seconds,"
                                + " expire_logs_days, or PURGE BINARY LOGS). Its checkpoint"
                                + " cannot be used. Start over with a new snapshot: raise the"
                                + " upstream's binlog retention, stop the apply job, empty the"
                                + " downstream tables (and the apply progress in"
                                + " apply.progress-database), start the capture with --job.resume"
                                + " false, then the apply job, and check with ferry checksum.",
                        cause);
            }
        }
        return null;
    }
}
