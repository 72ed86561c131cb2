/**
 * The site's title as the admin shows it (the bar, the page title): the shell's at start, and the new one as soon
 * as the Site title screen saves it, so the admin never shows the old name beside the new.
 */
import { useEffect, useState } from 'react';

const listeners = new Set<(title: string) => void>();

export function siteRenamed(title: string): void {
  const host = document.getElementById('admin');
  if (host !== null) host.dataset['siteTitle'] = title;
  for (const listener of listeners) listener(title);
}

export function useSiteTitle(initial: string): string {
  const [title, setTitle] = useState(initial);
  useEffect(() => {
    listeners.add(setTitle);
    return () => void listeners.delete(setTitle);
  }, []);
  return title;
}
