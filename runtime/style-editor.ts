/**
 * Tweak changes as the platform's Style Editor announces them: `Y.Global.fire('tweak:change', e)` with
 * `e.getName()`, `e.config.value` and `e.value`, the event themes and `@squarespace/core`'s `Tweak.watch` listen
 * to. Visitors never see one: Tessera has no style editor, so nothing in the runtime fires it on its own. A
 * tool that changes a tweak live (a future style editor, a test) calls `Y.Squarespace.StyleEditor.change(name,
 * value)`, which also updates `tweakJSON`, so `getTweakValue` agrees with the event; `reset()` fires
 * `tweak:reset`.
 */
import { tweakJson } from './page-context.js';
import type { YuiInstance } from './yui-types.js';

export function styleEditor(Y: YuiInstance) {
  return {
    change(name: string, value: string): void {
      tweakJson()[name] = value;
      Y.Global.fire('tweak:change', { getName: () => name, config: { value }, value, name });
    },
    reset(): void {
      Y.Global.fire('tweak:reset', {});
    },
  };
}
