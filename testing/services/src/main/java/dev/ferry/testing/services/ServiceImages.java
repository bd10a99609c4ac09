package dev.ferry.testing.services;

import java.util.Locale;
import org.testcontainers.utility.DockerImageName;

/**
 * The container image of each service: a system property ({@code -Dferry.image.upstream}) or
 * environment variable ({@code FERRY_IMAGE_UPSTREAM}), defaulting to the public images. Where no
 * registry is reachable, docker/images/build builds local images and prints the settings.
 */
public enum ServiceImages {
    UPSTREAM("mariadb:10.11", "mariadb"),
    DOWNSTREAM("mariadb:10.11", "mariadb"),
    KAFKA("apache/kafka:3.9.1", "apache/kafka"),
    TIDB("pingcap/tidb:v8.5.3", "pingcap/tidb");

    private final String fallback;
    private final String substituteFor;

    ServiceImages(String fallback, String substituteFor) {
        this.fallback = fallback;
        this.substituteFor = substituteFor;
    }

    /** The configured image, usable where the public one is expected. */
    public DockerImageName image() {
        DockerImageName image = DockerImageName.parse(configured());
        String repository = image.getRepository();
        // a MySQL upstream is a substitute for mysql, not for mariadb
        String publicName = isMysql() ? "mysql" : substituteFor;
        return repository.equals(publicName) ? image : image.asCompatibleSubstituteFor(publicName);
    }

    /** True when the image is MySQL rather than MariaDB (its options differ slightly). */
    public boolean isMysql() {
        String repository = DockerImageName.parse(configured()).getRepository();
        return repository.equals("mysql") || repository.endsWith("/mysql");
    }

    private String configured() {
        String key = name().toLowerCase(Locale.ROOT);
        String value = System.getProperty("ferry.image." + key);
        if (value == null || value.isBlank()) {
            value = System.getenv("FERRY_IMAGE_" + name());
        }
        return value == null || value.isBlank() ? fallback : value.strip();
    }
}
