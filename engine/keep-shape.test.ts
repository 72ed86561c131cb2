/**
 * The objects kept for their hidden class (keep-shape.ts) must keep nothing of the render or compile that used
 * them: not the caller's data, not the page, not the template's tree.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compile, render } from './index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Whether the object `make` hands to a WeakRef is collected once nothing but the engine could hold it. */
async function collected(make: () => WeakRef<object>): Promise<boolean> {
  const ref = make();
  for (let i = 0; i < 3 && ref.deref() !== undefined; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return ref.deref() === undefined;
}

describe('what the engine keeps after a call', () => {
  it('keeps no render data, injected data or page alive', async () => {
    const { template } = compile('{.section page}{title}{.repeated section items}<li>{@}</li>{.end}{.end}{.eval @x = 1}{.inject @i i.json}{@i.n}');
    const render1 = () => {
      const data = { page: { title: 'x'.repeat(1000), items: ['a', 'b'] } };
      const injects = { 'i.json': { n: 7 } };
      const { html } = render(template, data, { injects });
      expect(html).toContain('<li>a</li>');
      expect(html).toContain('7');
      return [data, injects] as const;
    };
    expect(await collected(() => new WeakRef(render1()[0]))).toBe(true);
    expect(await collected(() => new WeakRef(render1()[1]))).toBe(true);
  });

  it('keeps no compiled tree alive once its template is dropped', async () => {
    const gone = await collected(() => {
      const { template } = compile('<p>{.section a}{b|html}{.or}none{.end}</p>');
      expect(render(template, { a: { b: '<' } }).html).toBe('<p>&lt;</p>');
      return new WeakRef(template.root);
    });
    expect(gone).toBe(true);
  });
});
