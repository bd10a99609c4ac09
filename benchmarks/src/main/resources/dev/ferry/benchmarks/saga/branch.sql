-- One branch's business SQL, repeated to make 2 or 10 statements: the balance change and the
-- movement record. {gid}, {branch}, {account} and {delta} are filled in per call.
UPDATE {db}.account SET balance = balance + ({delta}) WHERE id = {account};
INSERT INTO {db}.ledger (gid, branch, amount) VALUES ('{gid}', '{branch}', {delta})
