/**
 * What every settings screen's form is made of: the draft of the settings the server answered (made by the
 * screen's `toDraft`), whether it differs from them (the unsaved-changes warning, unsaved.ts), and `save()`, which
 * sends one write and shows its outcome; on success the server's answer replaces what was read (the fetch
 * helper's `replace`), so the draft starts again from what was stored.
 */
import { useEffect, useMemo, useState } from 'react';
import type { ApiResult } from '../api.js';
import { failureMessage, type Fetched } from './fetch-helper.js';
import { ADMIN_MESSAGES } from './messages.js';
import { type Outcome, useOutcome } from './screen.js';
import { useUnsavedChanges } from './unsaved.js';

export interface SettingsDraft<D> {
  readonly draft: D | undefined;
  readonly setDraft: (update: (draft: D) => D) => void;
  readonly dirty: boolean;
  readonly outcome: Outcome;
  readonly setOutcome: (outcome: Outcome) => void;
  readonly saving: boolean;
  /** Sends `write()`; its answer (the settings as stored) replaces the fetched ones. */
  readonly save: (write: () => Promise<ApiResult<unknown>>, saved?: string) => Promise<boolean>;
}

export function useSettingsDraft<T, D>(fetched: Fetched<T>, toDraft: (data: T) => D): SettingsDraft<D> {
  // a new answer makes a new draft (`toDraft` is the screen's own and never changes)
  const initial = useMemo(() => (fetched.data === undefined ? undefined : toDraft(fetched.data)), [fetched.data]);
  const [draft, setDraftState] = useState<D | undefined>(initial);
  useEffect(() => setDraftState(initial), [initial]);
  const dirty = draft !== undefined && JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  const [outcome, setOutcome] = useOutcome();
  const [saving, setSaving] = useState(false);

  const save = async (write: () => Promise<ApiResult<unknown>>, saved: string = ADMIN_MESSAGES.saved) => {
    setSaving(true);
    setOutcome({ kind: 'ok', text: ADMIN_MESSAGES.saving });
    const result = await write();
    setSaving(false);
    if (!result.ok) {
      setOutcome({ kind: 'error', text: failureMessage(result) });
      return false;
    }
    fetched.replace(result.data as T);
    setOutcome({ kind: 'ok', text: saved });
    return true;
  };
  return { draft, setDraft: (update) => setDraftState((d) => (d === undefined ? d : update(d))), dirty, outcome, setOutcome, saving, save };
}
