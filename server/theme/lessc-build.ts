/**
 * A stylesheet a theme's own build makes with `lessc`, made the same way. A source tree (a theme kept as its
 * repository keeps it, before its build) lists `main.css` where the build runs `lessc main.less > main.css`:
 * the platform then compiles that CSS like any other sheet. Such a `main.less` is written for the `lessc` of
 * its day (LESS 2/3: detached rulesets, `.m({ … })`; `calc(~'~"…"')` escaped twice, once for each compile), not
 * for the platform's LESS 1.3.3, so it is compiled here with the `less` package (LESS 4, dividing as LESS 3's
 * `lessc` did by default), its imports joined as for the platform (server/theme/less-source.ts), and what fails
 * is left out as server/theme/less-compile.ts leaves it out, each a problem at its file, line and column.
 */
import less from 'less';
import { compileJoined, type CompiledLess, type LessDialect } from './less-compile.js';
import { joinLess } from './less-source.js';

/** LESS 4 as a theme's build ran `lessc` (division everywhere, as LESS 3 and earlier did; no JavaScript). */
const LESSC: LessDialect = {
  consequence: "the theme's own build (lessc) would fail",
  attempt(text) {
    let attempt: ReturnType<LessDialect['attempt']> | null = null;
    less.render(text, { syncImport: true, javascriptEnabled: false, math: 'always' }, (error, output) => {
      if (error === undefined || error === null) {
        attempt = { css: output?.css ?? '', failures: [] };
        return;
      }
      const offset = typeof error.index === 'number' ? error.index : 0;
      const message = typeof error.message === 'string' && error.message !== '' ? error.message : 'LESS could not compile this';
      if (error.type === 'Parse' || error.type === 'Syntax') attempt = { unreadable: { offset, reason: `lessc cannot read this: ${message.replace(/\.$/, '')}` } };
      else {
        const mixin = /^([.#][\w-]+(?:\s*>?\s*[.#][\w-]+)*) is undefined$/.exec(message)?.[1];
        attempt = { css: '', failures: [{ offset, message, ...(mixin === undefined ? {} : { mixin }) }] };
      }
    });
    if (attempt === null) return { unreadable: { offset: 0, reason: 'lessc did not compile synchronously' } };
    return attempt;
  },
};

/** `styles/{source}` compiled as `lessc` would build it (its imports resolved in `styles/`). */
export function buildWithLessc(stylesDir: string, source: string): CompiledLess {
  return compileJoined(joinLess({ stylesDir, sheets: [source] }), LESSC);
}
