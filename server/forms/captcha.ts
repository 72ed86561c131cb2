/**
 * Captcha (spec 000 §5: "A captcha must be completed"; §7: the provider's script takes the site key from the
 * page context). A provider verifies the token the visitor's widget produced; which provider runs is
 * configuration:
 * - no `captchaSettings.siteKey` in the website settings → no captcha anywhere (nothing is asked or checked);
 * - `TESSERA_CAPTCHA=test` in the environment, or `captchaSettings.provider: "test"` → the test provider, which
 *   accepts `TEST_CAPTCHA_TOKEN` and refuses everything else;
 * - otherwise → no provider can be reached from here (no network call is ever made), so every token is
 *   refused: a site key without a provider fails closed. A real provider implements `CaptchaProvider`.
 *
 * `captchaSettings.enterpriseV3: true` selects the reCAPTCHA Enterprise v3 route: no checkbox is shown, the
 * island obtains a token invisibly and sends it as `recaptchaEnterpriseV3Token`.
 */
import { isRecord } from '../../commerce/json.js';
import type { Store } from '../db/database.js';
import { websiteSettings } from '../page-context.js';

export interface CaptchaProvider {
  readonly name: string;
  /** True when `token` proves a human; never throws. `enterpriseV3` is the checkbox-free route. */
  verify(token: string, remoteIp: string, options?: { readonly enterpriseV3?: boolean }): Promise<boolean>;
}

/** The one token the test provider accepts. */
export const TEST_CAPTCHA_TOKEN = 'tessera-test-captcha-pass';

export const testCaptchaProvider: CaptchaProvider = {
  name: 'test',
  verify: async (token) => token === TEST_CAPTCHA_TOKEN,
};

/** Stands in when no provider is configured: refuses every token (fails closed). */
export const unavailableCaptchaProvider: CaptchaProvider = {
  name: 'unavailable',
  verify: async () => false,
};

export interface CaptchaConfig {
  /** The public site key the widget needs; null means the site uses no captcha. */
  readonly siteKey: string | null;
  readonly enterpriseV3: boolean;
  readonly provider: CaptchaProvider;
}

/** The site's captcha configuration, from the website settings and the environment. */
export function captchaConfig(store: Store, env: NodeJS.ProcessEnv = process.env): CaptchaConfig {
  return captchaConfigOf(websiteSettings(store)['captchaSettings'], env);
}

/** The same from the website settings' `captchaSettings` as a page context holds them. */
export function captchaConfigOf(settings: unknown, env: NodeJS.ProcessEnv = process.env): CaptchaConfig {
  const s = isRecord(settings) ? settings : {};
  const siteKey = typeof s['siteKey'] === 'string' && s['siteKey'].trim() !== '' ? s['siteKey'].trim() : null;
  const test = env['TESSERA_CAPTCHA'] === 'test' || s['provider'] === 'test';
  return { siteKey, enterpriseV3: s['enterpriseV3'] === true, provider: test ? testCaptchaProvider : unavailableCaptchaProvider };
}

/**
 * Checks a visitor's captcha tokens when the site has a captcha (`required`): true when it passes or none is
 * needed. A checkbox token (`captchaToken`, `captchaKey`) or an Enterprise v3 token may be given.
 */
export async function captchaPasses(
  config: CaptchaConfig,
  required: boolean,
  tokens: { readonly checkbox?: unknown; readonly enterpriseV3?: unknown },
  remoteIp: string,
): Promise<boolean> {
  if (!required || config.siteKey === null) return true;
  const usable = (t: unknown): t is string => typeof t === 'string' && t !== '' && t.length <= 4096;
  if (usable(tokens.enterpriseV3)) return config.provider.verify(tokens.enterpriseV3, remoteIp, { enterpriseV3: true });
  if (usable(tokens.checkbox)) return config.provider.verify(tokens.checkbox, remoteIp);
  return false;
}
