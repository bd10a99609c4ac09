package dev.ferry.it.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;

/** The jobs a test started: fails fast when one dies, and cancels them all at the end. */
public final class RunningJobs implements AutoCloseable {
    private final List<JobClient> jobs = new ArrayList<>();

    public JobClient add(JobClient job) {
        jobs.add(job);
        return job;
    }

    /** Throws with the job's failure when a job has stopped on its own. */
    public void assertRunning() {
        for (JobClient job : jobs) {
            JobStatus status;
            try {
                status = job.getJobStatus().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError(
                        "job " + job.getJobID() + " is gone: " + e.getMessage(), e);
            }
            if (status.isGloballyTerminalState()) {
                throw new AssertionError(
                        "job " + job.getJobID() + " stopped: " + status, failureOf(job, null));
            }
        }
    }

    private static Throwable failureOf(JobClient job, Throwable fallback) {
        try {
            job.getJobExecutionResult().get(10, TimeUnit.SECONDS);
            return fallback;
        } catch (Exception e) {
            return e;
        }
    }

    /** Stops watching a job that a test expected to end (a failure it asserted on). */
    public void forget(JobClient job) {
        jobs.remove(job);
    }

    /** Cancels one job; its checkpoints stay for a resume. */
    public void cancel(JobClient job) throws Exception {
        jobs.remove(job);
        job.cancel().get(60, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        for (JobClient job : jobs) {
            try {
                job.cancel().get(60, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // already finished or failed; the test reports why
            }
        }
        jobs.clear();
    }
}
