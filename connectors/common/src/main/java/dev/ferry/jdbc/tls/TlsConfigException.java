package dev.ferry.jdbc.tls;

import dev.ferry.config.FerryConfigException;

/** A TLS file or setting ferry cannot use; the message names the option, never a key. */
public final class TlsConfigException extends FerryConfigException {
    private static final long serialVersionUID = 1L;

    public TlsConfigException(String message) {
        super(message);
    }
}
