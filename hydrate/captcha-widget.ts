/**
 * The captcha beside a form or a restock signup (spec 000 §5, §7). The provider's widget lives in the block's
 * `.form-captcha` container, which carries the site key from the page context. Tessera's test provider
 * (`TESSERA_CAPTCHA=test`) is a plain checkbox whose value is the token, so it also works without JavaScript;
 * the Enterprise v3 route has no checkbox and its token is obtained invisibly (`data-test-token` under the
 * test provider). No network call is made: a real provider would implement the same four members.
 */

/** Narrower containers get the provider's compact widget. */
export const CAPTCHA_COMPACT_BELOW_PX = 320;

export interface CaptchaWidget {
  /** True when the visitor must tick it (the checkbox route): the submit button then waits for it. */
  readonly bound: boolean;
  /** The current token, '' when not completed. */
  token(): string;
  /** Clears a used or refused token (after every failed submit). */
  reset(): void;
  onChange(listener: () => void): void;
}

export function captchaWidget(container: HTMLElement | null): CaptchaWidget | null {
  if (container === null) return null;
  if (container.getBoundingClientRect().width < CAPTCHA_COMPACT_BELOW_PX) {
    container.dataset['size'] = 'compact';
    container.classList.add('form-captcha--compact');
  }
  if (container.dataset['enterpriseV3'] === 'true') {
    return { bound: false, token: () => container.dataset['testToken'] ?? '', reset: () => undefined, onChange: () => undefined };
  }
  const box = container.querySelector<HTMLInputElement>('input[type=checkbox]');
  const listeners = new Set<() => void>();
  box?.addEventListener('change', () => listeners.forEach((l) => l()));
  return {
    bound: true,
    token: () => (box !== null && box.checked ? box.value : ''),
    reset: () => {
      if (box === null || !box.checked) return;
      box.checked = false;
      listeners.forEach((l) => l());
    },
    onChange: (listener) => listeners.add(listener),
  };
}
