-- Cards whose mechanic tags are not written yet (issue 10, interrupts). A load records here,
-- in the transaction that stores a file, every card the file changed; the tagging step of
-- `build` (and `classify`) clears them in the transaction that writes their tags. So a build
-- interrupted between the two (Ctrl-C in the tagging step or its commit) leaves a recorded
-- state, and the next build tags exactly what is left. An id may be marked more than once
-- (no key: deleting 100k keyed rows costs more than the tagging itself). may_tag is false
-- only when the loader's screen (classifier.may_have_tags) showed the card cannot have a tag, so the
-- tagging step need not read it back. Cards already in a database that predates this table
-- are marked once, so their tags are rewritten by the next build.
CREATE TABLE cards_untagged (oracle_id VARCHAR NOT NULL, may_tag BOOLEAN NOT NULL);
INSERT INTO cards_untagged SELECT oracle_id, true FROM cards;
