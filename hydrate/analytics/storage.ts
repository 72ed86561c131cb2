/**
 * Local and session storage that never throws: a browser that refuses storage (private modes, storage turned
 * off, a full quota) gets the spec's warning (spec 001 §8 "Tracking") and the tracker goes on without it.
 */
export const STORAGE_WARNING = 'Unable to access local/session storage';

type Area = 'localStorage' | 'sessionStorage';

export function readStored(area: Area, key: string): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    console.warn(STORAGE_WARNING);
    return null;
  }
}

/** Whether the value was stored. */
export function store(area: Area, key: string, value: string): boolean {
  try {
    window[area].setItem(key, value);
    return true;
  } catch {
    console.warn(STORAGE_WARNING);
    return false;
  }
}
