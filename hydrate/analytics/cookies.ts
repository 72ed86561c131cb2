/** Reading, writing and clearing the tracker's cookies (first-party, path `/`, SameSite=Lax, Secure on https). */
export function readCookie(name: string): string | null {
  const found = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  if (found === null) return null;
  try {
    return decodeURIComponent(found[1]!);
  } catch {
    return null;
  }
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
}

export function clearCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0`;
}

/** A random id: 32 hex digits (getRandomValues works outside secure contexts too, unlike randomUUID). */
export function newId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
