package dev.ferry.options;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.flink.configuration.ConfigOption;

/** Every ferry option, for validating user input and for checking that the README lists them. */
public final class AllOptions {
    private static final List<Class<?>> HOLDERS =
            List.of(
                    UpstreamOptions.class,
                    DownstreamOptions.class,
                    KafkaOptions.class,
                    CaptureOptions.class,
                    ApplyOptions.class,
                    SagaOptions.class,
                    JobOptions.class,
                    MonitoringOptions.class,
                    TlsOptions.class,
                    KafkaClientOptions.class,
                    PoisonRecordOptions.class,
                    FilterOptions.class,
                    RouteOptions.class);

    private AllOptions() {}

    public static List<ConfigOption<?>> all() {
        return of(HOLDERS.toArray(Class<?>[]::new));
    }

    /** The options declared in the given holder classes, in declaration order. */
    public static List<ConfigOption<?>> of(Class<?>... holders) {
        List<ConfigOption<?>> options = new ArrayList<>();
        for (Class<?> holder : holders) {
            for (Field field : holder.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())
                        && field.getType() == ConfigOption.class) {
                    try {
                        options.add((ConfigOption<?>) field.get(null));
                    } catch (IllegalAccessException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return Collections.unmodifiableList(options);
    }

    public static boolean isFerryKey(String key) {
        return key.startsWith(KafkaClientOptions.PREFIX)
                || all().stream().anyMatch(option -> option.key().equals(key));
    }
}
