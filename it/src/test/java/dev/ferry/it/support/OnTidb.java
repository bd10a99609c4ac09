package dev.ferry.it.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class with TiDB as the downstream: a subclass of a MariaDB test annotated with it
 * runs the same tests against TiDB ({@code -Dgroups=tidb} runs only these).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag("tidb")
@ExtendWith(TidbDownstream.class)
public @interface OnTidb {}
