package dev.ferry.envelope.json;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SharedValuesTest {
    @Test
    void equalInputsGetTheValueMadeFirst() {
        SharedValues<String, StringBuilder> shared = new SharedValues<>(10);
        StringBuilder first = shared.get(new String("a"), StringBuilder::new);
        StringBuilder again = shared.get(new String("a"), StringBuilder::new);
        StringBuilder other = shared.get("b", StringBuilder::new);
        assertThat(again).isSameAs(first);
        assertThat(other).isNotSameAs(first).hasToString("b");
    }

    @Test
    void pastItsBoundItForgetsAndStartsAgain() {
        SharedValues<Integer, Object> shared = new SharedValues<>(3);
        Object first = shared.get(0, key -> new Object());
        shared.get(1, key -> new Object());
        shared.get(2, key -> new Object());
        assertThat(shared.get(0, key -> new Object())).isSameAs(first);
        shared.get(3, key -> new Object()); // the fourth: the map is cleared first
        assertThat(shared.get(0, key -> new Object())).isNotSameAs(first);
    }
}
