/**
 * The harness catches what it is for: console warnings and errors, uncaught errors, layout shifts after load.
 */
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATHS, chromiumStatus, describeBrowser, useBrowserHarness } from './browser-harness.js';

describe('without Chromium', () => {
  const missing = () => false;
  it('browser tests are skipped locally, with the reason', () => {
    expect(chromiumStatus({}, missing)).toEqual({ state: 'skip', message: expect.stringContaining(`no Chromium at ${CHROMIUM_PATHS.join(' or ')}`) });
  });
  it('browser tests fail on CI, saying what is missing', () => {
    expect(chromiumStatus({ CI: 'true' }, missing)).toEqual({
      state: 'fail',
      message: expect.stringMatching(/Chromium at \/usr\/lib\/chromium\/chromium-headless-shell or \/usr\/bin\/chromium, which is missing on CI: .*apt-get install -y chromium-headless-shell chromium/),
    });
  });
  it('browser tests run with the headless shell when it is there, else with the browser', () => {
    expect(chromiumStatus({ CI: 'true' }, () => true)).toEqual({ state: 'ready', path: '/usr/lib/chromium/chromium-headless-shell' });
    expect(chromiumStatus({ CI: 'true' }, (file) => file === '/usr/bin/chromium')).toEqual({ state: 'ready', path: '/usr/bin/chromium' });
  });
});

describeBrowser('browser harness', () => {
  const harness = useBrowserHarness();

  it('records console warnings and uncaught errors, and fails on them', async () => {
    const tab = await harness().open('/about');
    expect(() => tab.expectNoConsoleProblems()).not.toThrow();
    await tab.page.evaluate(`console.log('fine'); console.warn('Warning: Text content did not match'); setTimeout(() => { throw new Error('boom'); })`);
    await tab.page.waitForTimeout(100);
    // (the browser's own /favicon.ico 404, which the assertion ignores, may be recorded too)
    expect(tab.console.filter((m) => !m.location.includes('/favicon.ico')).map((m) => m.type)).toEqual(['log', 'warning']);
    expect(tab.pageErrors).toEqual([expect.stringContaining('boom')]);
    expect(() => tab.expectNoConsoleProblems()).toThrow(/console\.warning: Warning: Text content did not match[\s\S]*page error: .*boom/);
  });

  it('measures layout shifts after load', async () => {
    const tab = await harness().open('/about', { width: 390 });
    expect((await tab.layoutShift(0)).value).toBe(0);
    // a banner pushed in above the content once the page is shown
    await tab.page.evaluate(`new Promise((done) => setTimeout(() => {
      const banner = document.createElement('div');
      banner.id = 'late-banner';
      banner.style.height = '200px';
      document.body.prepend(banner);
      done();
    }, 50))`);
    const report = await tab.layoutShift(100);
    expect(report.value).toBeGreaterThan(0);
    await expect(tab.expectNoLayoutShift(0)).rejects.toThrow(/cumulative layout shift 0\.\d+ after load, expected 0/);
  });

  it('saves screenshots and refuses to measure layout without JavaScript', async () => {
    const tab = await harness().open('/about', { javaScript: false, width: 390 });
    expect(await tab.screenshot('harness about')).toMatch(/test-results\/screenshots\/harness-about-390px\.png$/);
    await expect(tab.layoutShift()).rejects.toThrow(/JavaScript on/);
  });
});
