package dev.ferry.capture.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.config.FerryConfigException;
import org.junit.jupiter.api.Test;

class PurgedBinlogTest {
    @Test
    void namesTheFileFromTheReadersMessageAndHowToStartOver() {
        Exception failure =
                new RuntimeException(
                        "One or more fetchers have encountered exception",
                        new IllegalStateException(
                                "The connector is trying to read binlog starting at"
                                        + " Struct{version=1.9.8.Final,connector=mysql,"
                                        + "file=mysql-bin.000042,pos=4711,row=0}, but this is no"
                                        + " longer available on the server. Reconfigure the"
                                        + " connector to use a snapshot when needed."));

        FerryConfigException clear = PurgedBinlog.explain(failure);

        assertThat(clear.getMessage())
                .startsWith("capture: the upstream has purged the binlog file mysql-bin.000042,")
                .contains("start the capture with --job.resume false")
                .contains("new snapshot");
    }

    @Test
    void theServersOwnRefusalIsRecognizedToo() {
        FerryConfigException clear =
                PurgedBinlog.explain(
                        new RuntimeException(
                                "Cannot replicate because the master purged required binary"
                                        + " logs."));

        assertThat(clear.getMessage())
                .contains("purged the binlog file this job's checkpoint resumes from");
    }

    @Test
    void otherFailuresAreLeftAlone() {
        assertThat(PurgedBinlog.explain(new IllegalStateException("connection reset"))).isNull();
    }
}
