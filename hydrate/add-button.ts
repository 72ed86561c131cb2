/**
 * The add button's state machine (spec 000 §4, §9): idle → adding → (success) added about 1 s later, idle 2 s
 * after that; (failure) idle 1 s later, the alert meanwhile on screen. Framework-free, so the platform
 * markup's buttons run the same machine as our React buy box.
 */
import { useEffect, useRef, useState } from 'react';
import { ADD_BUTTON_TIMING } from '../commerce/add-to-cart.js';

export type AddPhase = 'idle' | 'adding' | 'added';

export interface AddButtonMachine {
  readonly phase: AddPhase;
  start(): void;
  succeeded(): void;
  failed(): void;
  dispose(): void;
}

export function addButtonMachine(onPhase: (phase: AddPhase) => void): AddButtonMachine {
  let phase: AddPhase = 'idle';
  const timers: ReturnType<typeof setTimeout>[] = [];
  const set = (next: AddPhase) => {
    phase = next;
    onPhase(next);
  };
  const later = (ms: number, step: () => void) => timers.push(setTimeout(step, ms));
  return {
    get phase() {
      return phase;
    },
    start: () => set('adding'),
    succeeded: () =>
      later(ADD_BUTTON_TIMING.addedAfter, () => {
        set('added');
        later(ADD_BUTTON_TIMING.idleAfterAdded, () => set('idle'));
      }),
    failed: () => later(ADD_BUTTON_TIMING.idleAfterError, () => set('idle')),
    dispose: () => timers.forEach(clearTimeout),
  };
}

/** The machine in a component: its phase is state, its timers end with the component. */
export function useAddButton(): AddButtonMachine {
  const [, setPhase] = useState<AddPhase>('idle');
  const machine = useRef<AddButtonMachine | null>(null);
  machine.current ??= addButtonMachine(setPhase);
  useEffect(() => () => machine.current?.dispose(), []);
  return machine.current;
}
