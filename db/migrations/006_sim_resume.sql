-- Resumable simulation runs: a run remembers the digest of what decides its games (cards, decks,
-- seed, policy, limits: rules_engine.sim_runner.RunSpec.key), so the same command run again
-- after an interruption finds the unfinished run and plays only the games it lacks.
-- finished_at is set once every game of the run is stored.
ALTER TABLE sim_runs ADD COLUMN spec_key VARCHAR;
ALTER TABLE sim_runs ADD COLUMN finished_at TIMESTAMP;
