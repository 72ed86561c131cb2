/**
 * False for the server's render and the hydration that must match it, true from the first effect on: for
 * markup that only makes sense once the island runs (an Edit button) or only without it (inline fields).
 */
import { useEffect, useState } from 'react';

export function useScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}
