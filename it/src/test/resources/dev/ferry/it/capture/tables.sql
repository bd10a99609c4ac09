-- Three captured tables and one that capture leaves out (upstream.tables names the others).
CREATE TABLE `{db}`.accounts (id BIGINT PRIMARY KEY, balance BIGINT NOT NULL);
CREATE TABLE `{db}`.transfers (id BIGINT PRIMARY KEY, amount BIGINT NOT NULL, note VARCHAR(200));
CREATE TABLE `{db}`.audit (id BIGINT PRIMARY KEY, what VARCHAR(100) NOT NULL);
CREATE TABLE `{db}`.uncaptured (id BIGINT PRIMARY KEY, v INT NOT NULL);
