package dev.ferry.benchmarks.funnel;

/**
 * The stages of the funnel, in order, as the report names them and says how each was timed. 1, 2
 * and 5 are probes of the client libraries; 3, 4 and 6 are ferry's capture and apply; end to end
 * runs both together on a second, equal backlog.
 */
public enum Stage {
    RAW(
            "1 binlog read",
            "1 read",
            "BinlogReadStage --mode raw: first to last event of the range (median of 3 warm"
                    + " passes)"),
    PARSE("2 event parse", "2 parse", "BinlogReadStage --mode parse: the same, every body decoded"),
    EVENTS(
            "3 change events (CDC source)",
            "3 events",
            "SIGCONT of the capture to the newest envelope `ts_ms`"),
    PRODUCE(
            "4 envelope build + Kafka produce",
            "4 produce",
            "SIGCONT of the capture to the newest Kafka record timestamp (CreateTime)"),
    CONSUME(
            "5 Kafka consume",
            "5 consume",
            "KafkaConsumeStage: assign to last record (median of 3 warm passes)"),
    APPLY(
            "6 downstream apply",
            "6 apply",
            "SIGCONT of the apply to the downstream poll seeing the upstream's state"),
    E2E(
            "end to end (capture + apply)",
            "end to end",
            "SIGCONT of both to the downstream poll seeing the upstream's state");

    private final String title;
    private final String shortName;
    private final String how;

    Stage(String title, String shortName, String how) {
        this.title = title;
        this.shortName = shortName;
        this.how = how;
    }

    /** Its row in the tables: "1 binlog read". */
    public String title() {
        return title;
    }

    /** Its category on the charts: "1 read". */
    public String shortName() {
        return shortName;
    }

    /** How its time was taken, for the detail table. */
    public String how() {
        return how;
    }
}
