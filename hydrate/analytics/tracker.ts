/**
 * The visitor tracker's entry: the one classic script recorded pages load with `defer` (hydrate/build.ts
 * builds it alone, server/tracker/ places it). What it does is hydrate/analytics/start.ts.
 */
import { startTracker } from './start.js';

startTracker(window);
