package dev.ferry.checksum;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Comparator;

/**
 * Compares two JSON documents by meaning: key order, whitespace and number spelling (1 vs 1.0) do
 * not matter. TiDB and MySQL normalise stored JSON text; MariaDB keeps it verbatim.
 */
final class JsonEquality {

    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    // Exact decimals, so 0.1 and 0.10 are equal but 0.1 and 0.1000000001 are not.
                    .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** Numbers compare by value across node types; everything else by the node's own equals. */
    private static final Comparator<JsonNode> LEAVES =
            (left, right) -> {
                if (left.isNumber() && right.isNumber()) {
                    return left.decimalValue().compareTo(right.decimalValue());
                }
                return left.equals(right) ? 0 : 1;
            };

    private JsonEquality() {}

    /**
     * Whether both texts are the same JSON value; if either is not valid JSON, whether the texts
     * are identical.
     */
    static boolean equal(String left, String right) {
        if (left.equals(right)) {
            return true;
        }
        JsonNode leftTree = parse(left);
        JsonNode rightTree = parse(right);
        if (leftTree == null || rightTree == null) {
            return false;
        }
        return leftTree.equals(LEAVES, rightTree);
    }

    private static JsonNode parse(String text) {
        try {
            JsonNode tree = MAPPER.readTree(text);
            return tree == null || tree.isMissingNode() ? null : tree;
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
