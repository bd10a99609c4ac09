package dev.ferry.benchmarks.importing;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The measurements of one import run, by key; a key measured once is not measured again. */
public final class Measurements {
    private final Map<MeasurementKey, Measurement> byKey = new LinkedHashMap<>();

    public void record(MeasurementKey key, Measurement measurement) {
        byKey.put(key, measurement);
    }

    /** Whether {@code key} has been measured (or tried and failed) already. */
    public boolean has(MeasurementKey key) {
        return byKey.containsKey(key);
    }

    public Optional<Measurement> get(MeasurementKey key) {
        return Optional.ofNullable(byKey.get(key));
    }

    /** The seconds of a measurement that succeeded, else null. */
    public Double seconds(MeasurementKey key) {
        return get(key).map(Measurement::seconds).orElse(null);
    }

    /** Every measurement, in the order taken. */
    public Map<MeasurementKey, Measurement> all() {
        return java.util.Collections.unmodifiableMap(byKey);
    }
}
