/**
 * The platform's string form of a font or image tweak's value, as presets store it: its properties between
 * braces, `{font-family:Arial, sans-serif;font-size:12px;font-weight:600}`. Properties keep their order.
 */

export type Properties = readonly (readonly [string, string])[];

export function formatComposite(properties: Properties): string {
  return `{${properties.map(([p, v]) => `${p}:${v}`).join(';')}}`;
}

/**
 * The properties of a composite, or null when `text` is not one. A value may not hold `;`, `{` or `}` (a font
 * family list keeps its commas and quotes).
 */
export function parseComposite(text: string): [string, string][] | null {
  const inner = /^\s*\{([^{}]*)\}\s*$/.exec(text)?.[1];
  if (inner === undefined) return null;
  const out: [string, string][] = [];
  for (const part of inner.split(';')) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    if (colon <= 0) return null;
    out.push([part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim()]);
  }
  return out;
}

/** `base` with `over`'s properties replacing or joining them (a property keeps its place in `base`). */
export function mergeProperties(base: Properties, over: Properties): [string, string][] {
  const merged = new Map<string, string>(base.map(([p, v]) => [p, v]));
  for (const [p, v] of over) merged.set(p, v);
  return [...merged];
}
