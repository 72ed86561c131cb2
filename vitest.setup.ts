/**
 * Runs before every test file. Property tests (fast-check) draw from one fixed seed, or FC_SEED when set, so a
 * red run replays: fast-check prints the seed and the shrunk counterexample with any failure.
 */
import fc from 'fast-check';

const seed = Number(process.env['FC_SEED'] ?? 20261127);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${JSON.stringify(process.env['FC_SEED'])}`);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
