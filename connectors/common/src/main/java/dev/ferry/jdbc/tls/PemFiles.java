package dev.ferry.jdbc.tls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the PEM files the MySQL clients take: certificates, and an unencrypted private key in
 * PKCS#8 ({@code BEGIN PRIVATE KEY}, what {@code openssl genpkey} writes) or PKCS#1 RSA form.
 * Errors name the file's role, never its contents.
 */
final class PemFiles {
    private static final Pattern BLOCK =
            Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");

    /** RSA's algorithm identifier, to wrap a PKCS#1 key into PKCS#8. */
    private static final byte[] RSA_ALGORITHM = {
        0x30,
        0x0d,
        0x06,
        0x09,
        0x2a,
        (byte) 0x86,
        0x48,
        (byte) 0x86,
        (byte) 0xf7,
        0x0d,
        0x01,
        0x01,
        0x01,
        0x05,
        0x00
    };

    private PemFiles() {}

    static List<Certificate> certificates(String pem, String what) {
        try {
            List<Certificate> certificates =
                    new ArrayList<>(
                            CertificateFactory.getInstance("X.509")
                                    .generateCertificates(
                                            new ByteArrayInputStream(
                                                    pem.getBytes(StandardCharsets.US_ASCII))));
            if (certificates.isEmpty()) {
                throw new TlsConfigException(what + " holds no PEM certificate");
            }
            return certificates;
        } catch (GeneralSecurityException e) {
            throw new TlsConfigException(
                    what + " is not a PEM certificate file (" + e.getMessage() + ")");
        }
    }

    static PrivateKey privateKey(String pem, String what) {
        Matcher block = BLOCK.matcher(pem);
        if (!block.find()) {
            throw new TlsConfigException(what + " holds no PEM private key");
        }
        String type = block.group(1);
        byte[] der;
        try {
            der = Base64.getMimeDecoder().decode(block.group(2));
        } catch (IllegalArgumentException e) {
            throw new TlsConfigException(what + " is not valid PEM");
        }
        byte[] pkcs8 =
                switch (type) {
                    case "PRIVATE KEY" -> der;
                    case "RSA PRIVATE KEY" -> wrapRsa(der);
                    default ->
                            throw new TlsConfigException(
                                    what
                                            + " holds a '"
                                            + type
                                            + "', which ferry cannot read: convert it to an"
                                            + " unencrypted PKCS#8 key with 'openssl pkcs8 -topk8"
                                            + " -nocrypt -in <key> -out <new key>'");
                };
        for (String algorithm : List.of("RSA", "EC", "Ed25519", "Ed448", "DSA")) {
            try {
                return KeyFactory.getInstance(algorithm)
                        .generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            } catch (GeneralSecurityException e) {
                // Not this algorithm; try the next.
            }
        }
        throw new TlsConfigException(
                what
                        + " holds a private key of an algorithm Java cannot read (RSA, EC, EdDSA, DSA)");
    }

    /** PKCS#8 PrivateKeyInfo around a PKCS#1 RSAPrivateKey. */
    private static byte[] wrapRsa(byte[] pkcs1) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {0x02, 0x01, 0x00}); // version 0
        body.writeBytes(RSA_ALGORITHM);
        body.write(0x04); // OCTET STRING
        writeLength(body, pkcs1.length);
        body.writeBytes(pkcs1);
        ByteArrayOutputStream info = new ByteArrayOutputStream();
        info.write(0x30); // SEQUENCE
        writeLength(info, body.size());
        info.writeBytes(body.toByteArray());
        return info.toByteArray();
    }

    private static void writeLength(ByteArrayOutputStream out, int length) {
        if (length < 0x80) {
            out.write(length);
        } else if (length < 0x100) {
            out.write(0x81);
            out.write(length);
        } else if (length < 0x10000) {
            out.write(0x82);
            out.write(length >> 8);
            out.write(length & 0xff);
        } else {
            out.write(0x83);
            out.write(length >> 16);
            out.write((length >> 8) & 0xff);
            out.write(length & 0xff);
        }
    }
}
