// @vitest-environment happy-dom
/**
 * The add button's state machine alone (spec 000 §4, §9): idle → adding → (success) still adding for 1 s,
 * then `added`, then idle 2 s later; (failure) idle 1 s later; `dispose` stops whatever is pending.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AddPhase, addButtonMachine } from './add-button.js';
import { useFakeTimersEachTest } from './dom-testing.js';

let phases: AddPhase[];
const machine = () => addButtonMachine((p) => phases.push(p));

useFakeTimersEachTest();
beforeEach(() => {
  phases = [];
});

describe('addButtonMachine', () => {
  it('starts idle and reports nothing until started', () => {
    const m = machine();
    expect(m.phase).toBe('idle');
    vi.advanceTimersByTime(10_000);
    expect(phases).toEqual([]);
  });

  it('start → adding', () => {
    const m = machine();
    m.start();
    expect(m.phase).toBe('adding');
    expect(phases).toEqual(['adding']);
  });

  it('success: still adding until 1000 ms, then added, then idle 2000 ms later', () => {
    const m = machine();
    m.start();
    m.succeeded();
    vi.advanceTimersByTime(999);
    expect(m.phase).toBe('adding');
    vi.advanceTimersByTime(1);
    expect(m.phase).toBe('added');
    expect(phases).toEqual(['adding', 'added']);
    vi.advanceTimersByTime(1999);
    expect(m.phase).toBe('added');
    vi.advanceTimersByTime(1);
    expect(m.phase).toBe('idle');
    expect(phases).toEqual(['adding', 'added', 'idle']);
    vi.advanceTimersByTime(10_000);
    expect(phases).toEqual(['adding', 'added', 'idle']);
  });

  it('failure: idle 1000 ms later, never added', () => {
    const m = machine();
    m.start();
    m.failed();
    vi.advanceTimersByTime(999);
    expect(m.phase).toBe('adding');
    vi.advanceTimersByTime(1);
    expect(m.phase).toBe('idle');
    vi.advanceTimersByTime(10_000);
    expect(phases).toEqual(['adding', 'idle']);
  });

  it('can run again after returning to idle', () => {
    const m = machine();
    m.start();
    m.failed();
    vi.advanceTimersByTime(1000);
    m.start();
    m.succeeded();
    vi.advanceTimersByTime(3000);
    expect(phases).toEqual(['adding', 'idle', 'adding', 'added', 'idle']);
  });

  it('dispose before `added` stops every pending step', () => {
    const m = machine();
    m.start();
    m.succeeded();
    vi.advanceTimersByTime(500);
    m.dispose();
    vi.advanceTimersByTime(10_000);
    expect(m.phase).toBe('adding');
    expect(phases).toEqual(['adding']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('dispose while `added` stops the return to idle', () => {
    const m = machine();
    m.start();
    m.succeeded();
    vi.advanceTimersByTime(1000);
    m.dispose();
    vi.advanceTimersByTime(10_000);
    expect(m.phase).toBe('added');
    expect(phases).toEqual(['adding', 'added']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('dispose after a failure stops the return to idle', () => {
    const m = machine();
    m.start();
    m.failed();
    m.dispose();
    vi.advanceTimersByTime(10_000);
    expect(phases).toEqual(['adding']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
