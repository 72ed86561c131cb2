/**
 * The performance reporter's entry: a second deferred script beside the tracker on recorded pages
 * (hydrate/build.ts builds it alone). It is its own file because the web vitals' observers and the reporter
 * (about 0.8 KB gzip) do not fit in the tracker's 3 KB budget with the census, the events and the error
 * reporter; a page loads both in parallel, deferred. Like the tracker it does nothing under `/config`, under a
 * restrictive cookie policy or without the page's census data.
 */
import { recordedPage } from './page.js';
import { startPerformance } from './performance.js';
import { observeVitals } from './web-vitals.js';

if (recordedPage(window) !== null) startPerformance(window, observeVitals());
