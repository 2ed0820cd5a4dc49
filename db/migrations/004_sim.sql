-- Simulated games (issue 3): one row per run, per game, and per recorded game event.
-- sim_games rows hold no run-specific values besides run_id, so two runs with the same
-- seed produce identical rows apart from run_id.
CREATE SEQUENCE sim_run_ids START 1;

CREATE TABLE sim_runs (
    run_id     INTEGER PRIMARY KEY DEFAULT nextval('sim_run_ids'),
    started_at TIMESTAMP DEFAULT now(),
    seed       BIGINT NOT NULL,
    games      INTEGER NOT NULL,
    policy     VARCHAR NOT NULL,
    deck_a     VARCHAR NOT NULL,
    deck_b     VARCHAR NOT NULL,
    workers    INTEGER,
    max_turns  INTEGER
);

CREATE TABLE sim_games (
    run_id              INTEGER NOT NULL,
    game                INTEGER NOT NULL,
    seed                BIGINT NOT NULL,
    deck_a              VARCHAR NOT NULL,
    deck_b              VARCHAR NOT NULL,
    first_player        VARCHAR NOT NULL,   -- 'a' or 'b': whose turn came first
    winner              VARCHAR,            -- 'a', 'b' or NULL (draw, limit, unsupported, error)
    winner_deck         VARCHAR,
    turns               INTEGER NOT NULL,
    reason              VARCHAR NOT NULL,
    moves               INTEGER NOT NULL,
    day_night_changes   INTEGER NOT NULL,
    initiative_changes  INTEGER NOT NULL,
    dungeons_completed  INTEGER NOT NULL,
    prepare_spells_cast INTEGER NOT NULL,
    turns_ended_early   INTEGER NOT NULL,
    PRIMARY KEY (run_id, game)
);

CREATE TABLE sim_events (
    run_id INTEGER NOT NULL,
    game   INTEGER NOT NULL,
    seq    INTEGER NOT NULL,   -- order within the game
    turn   INTEGER NOT NULL,
    step   VARCHAR NOT NULL,
    event  VARCHAR NOT NULL,
    player VARCHAR,            -- 'a' or 'b'
    card   VARCHAR
);
CREATE INDEX sim_events_game ON sim_events (run_id, game);
