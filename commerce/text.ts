/** Filling the `{name}` placeholders of the spec's message texts. */

/** Replace `{name}` placeholders; unknown ones stay as written. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
