/**
 * `Singleton.create(definition)`, the object pattern the platform's own template scripts are written in
 * (`window.Site = Singleton.create({ ready() { Y.on('domready', this.initialize, this); }, initialize() {…} })`):
 * one object with the definition's members, whose `ready()` runs as soon as it is created. The platform's
 * exact semantics are not public (platform notes runtime.md §2 lists it as observed, undocumented); this is
 * what such scripts rely on. Offered as `window.Singleton` and `Y.Squarespace.Singleton`.
 */

export function create<T extends Record<string, unknown>>(definition: T): T {
  const instance = { ...definition };
  const ready = instance['ready'];
  if (typeof ready === 'function') ready.call(instance);
  return instance;
}

export const Singleton = { create };
