/**
 * The unsaved-changes warning: a screen with edits not yet saved says so with `useUnsavedChanges(dirty)`; then
 * leaving the page (reload, close, another site) gets the browser's own question, and moving to another screen
 * of the admin asks `ADMIN_MESSAGES.unsaved` first.
 */
import { useEffect } from 'react';
import { ADMIN_MESSAGES } from './messages.js';

let dirtyScreens = 0;

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // older browsers show the question only when a value is set
  event.returnValue = '';
};

/** Whether the admin may move on: true when nothing is unsaved, or the merchant agrees to drop the edits. */
export function mayLeave(): boolean {
  return dirtyScreens === 0 || confirm(ADMIN_MESSAGES.unsaved);
}

export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    dirtyScreens += 1;
    if (dirtyScreens === 1) addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyScreens -= 1;
      if (dirtyScreens === 0) removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}
