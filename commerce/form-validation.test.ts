import { describe, expect, it } from 'vitest';
import {
  FORM_MESSAGES,
  type FormField,
  hiddenValue,
  normaliseFields,
  phoneParts,
  restockEmailError,
  sanitiseValue,
  scrollMessage,
  submissionPayload,
  textareaCounter,
  validateForm,
  valuesFromFormPost,
} from './form-validation.js';

const f = (field: Partial<FormField> & Pick<FormField, 'id' | 'kind'>): FormField => ({ title: field.id, required: false, ...field });

describe('messages', () => {
  it('are the spec words', () => {
    expect(FORM_MESSAGES.required).toBe('Required');
    expect(FORM_MESSAGES.tooLong).toBe('You have exceeded the character limit.');
    expect(FORM_MESSAGES.invalidEmail).toBe('Email is not valid. Email addresses should follow the format user@domain.com.');
    expect(FORM_MESSAGES.summary).toBe('One or more fields is invalid, please check your entries.');
    expect(FORM_MESSAGES.captcha).toBe('Complete CAPTCHA before submitting.');
    expect(scrollMessage('above')).toBe('Your form has encountered a problem. Please scroll down to review.');
    expect(scrollMessage('below')).toBe('Your form has encountered a problem. Please scroll up to review.');
  });
});

describe('required', () => {
  const kinds = ['text', 'textarea', 'email', 'number', 'website', 'currency', 'radio', 'select'] as const;
  for (const kind of kinds) {
    it(`${kind}: empty → Required`, () => {
      const check = validateForm([f({ id: 'a', kind, required: true, options: ['x'] })], { a: '  ' });
      expect(check.ok).toBe(false);
      expect(!check.ok && check.errors).toEqual({ a: 'Required' });
    });
  }
  it('checkbox: no choice → Required; a choice passes', () => {
    const field = f({ id: 'c', kind: 'checkbox', required: true, options: ['A', 'B'] });
    expect(validateForm([field], { c: [] })).toMatchObject({ ok: false, errors: { c: 'Required' } });
    expect(validateForm([field], { c: ['Z'] })).toMatchObject({ ok: false, errors: { c: 'Required' } });
    expect(validateForm([field], { c: ['B'] })).toEqual({ ok: true, values: { c: ['B'] } });
  });
  it('multi-part: a required part left empty → Required; optional parts may stay empty', () => {
    const name = f({ id: 'n', kind: 'name', required: true });
    expect(validateForm([name], { n: ['Ada', ''] })).toMatchObject({ ok: false, errors: { n: 'Required' } });
    expect(validateForm([name], { n: ['Ada', 'Lovelace'] }).ok).toBe(true);
    const address = f({ id: 'a', kind: 'address', required: true });
    expect(validateForm([address], { a: ['1 Main St', '', 'Hudson', '', '12534', 'US'] }).ok).toBe(true);
    expect(validateForm([address], { a: ['1 Main St', '', '', '', '12534', 'US'] }).ok).toBe(false);
    for (const kind of ['phone', 'date', 'time'] as const) {
      expect(validateForm([f({ id: 'x', kind, required: true })], { x: [] })).toMatchObject({ ok: false, errors: { x: 'Required' } });
    }
    expect(validateForm([f({ id: 't', kind: 'time', required: true })], { t: ['10', '30', '', ''] }).ok).toBe(true);
    expect(validateForm([f({ id: 'd', kind: 'date', required: false })], { d: [] }).ok).toBe(true);
  });
  it('likert is never required', () => {
    const fields = normaliseFields([{ id: 'l', kind: 'likert', required: true, questions: ['Q'] }]);
    expect(fields[0]!.required).toBe(false);
    expect(validateForm(fields, {}).ok).toBe(true);
  });
});

describe('textarea limit and counter', () => {
  const t = f({ id: 'm', kind: 'textarea', maxLength: 5 });
  it('over the limit → the message; at the limit passes; an optional empty field passes', () => {
    expect(validateForm([t], { m: '123456' })).toMatchObject({ ok: false, errors: { m: 'You have exceeded the character limit.' } });
    expect(validateForm([t], { m: '12345' }).ok).toBe(true);
    expect(validateForm([t], { m: '' }).ok).toBe(true);
  });
  it('counts code points', () => {
    expect(validateForm([t], { m: '😀😀😀😀😀' }).ok).toBe(true);
  });
  it('counter "length / max", flagged when over; none for 0 or invalid', () => {
    expect(textareaCounter('abc', 5)).toMatchObject({ text: '3 / 5', over: false });
    expect(textareaCounter('abcdef', 5)).toMatchObject({ text: '6 / 5', over: true });
    expect(textareaCounter('abc', 0)).toBeNull();
    expect(textareaCounter('abc', -1)).toBeNull();
    expect(textareaCounter('abc', 2.5)).toBeNull();
    expect(textareaCounter('abc', '5')).toBeNull();
  });
  it('a limit of 0 means none', () => {
    expect(validateForm([f({ id: 'm', kind: 'textarea', maxLength: 0 })], { m: 'long text' }).ok).toBe(true);
  });
});

describe('email', () => {
  const e = f({ id: 'e', kind: 'email' });
  it('3 to 256 characters matching the simple pattern', () => {
    expect(validateForm([e], { e: 'a@b.co' }).ok).toBe(true);
    for (const bad of ['nope', 'a@b', 'a b@c.de', '@b.co', `${'a'.repeat(251)}@b.com`]) {
      expect(validateForm([e], { e: bad })).toMatchObject({ ok: false, errors: { e: FORM_MESSAGES.invalidEmail } });
    }
  });
  it('optional and empty passes; required and empty is Required', () => {
    expect(validateForm([e], { e: '' }).ok).toBe(true);
    expect(validateForm([{ ...e, required: true }], { e: '' })).toMatchObject({ errors: { e: 'Required' } });
  });
  it('restock rules', () => {
    expect(restockEmailError('')).toBe('Email cannot be blank');
    expect(restockEmailError('  ')).toBe('Email cannot be blank');
    expect(restockEmailError('x@y')).toBe('Email is invalid');
    expect(restockEmailError('x@y.org')).toBeNull();
  });
});

describe('payload', () => {
  it('phone with 3 parts gets an empty first part', () => {
    expect(phoneParts(['555', '123', '4567'])).toEqual(['', '555', '123', '4567']);
    expect(sanitiseValue(f({ id: 'p', kind: 'phone' }), ['555', '123', '4567'])).toEqual(['', '555', '123', '4567']);
    expect(sanitiseValue(f({ id: 'p', kind: 'phone' }), ['1', '555', '123', '4567'])).toEqual(['1', '555', '123', '4567']);
  });
  it('likert is a map of question to answer; unknown answers and questions dropped', () => {
    const l = f({ id: 'l', kind: 'likert', questions: ['Fast?', 'Kind?'] });
    expect(sanitiseValue(l, { 'Fast?': '2', 'Kind?': '7', 'Other?': '1' })).toEqual({ 'Fast?': '2' });
  });
  it('hidden takes the same-named query parameter, else the preset', () => {
    const h = f({ id: 'source', kind: 'hidden', value: 'preset' });
    expect(hiddenValue(h, { source: 'ad' })).toBe('ad');
    expect(hiddenValue(h, {})).toBe('preset');
  });
  it('sections are skipped; values trimmed; radio outside its options is empty', () => {
    const fields = [
      f({ id: 's', kind: 'section' }),
      f({ id: 'n', kind: 'text' }),
      f({ id: 'h', kind: 'hidden', value: 'x' }),
      f({ id: 'r', kind: 'radio', options: ['Yes', 'No'] }),
    ];
    const json = submissionPayload(fields, { s: 'no', n: '  Ada \u0007', r: 'Maybe' }, { h: 'q' });
    expect(JSON.parse(json)).toEqual({ n: 'Ada', h: 'q', r: '' });
    const check = validateForm(fields, { n: 'x', r: 'No' });
    expect(check.values).toEqual({ n: 'x', h: '', r: 'No' });
  });
  it('reads a plain form post: parts as id-part, likert as id-n, checkbox repeated', () => {
    const fields = normaliseFields([
      { id: 'who', type: 'name' },
      { id: 'l', kind: 'likert', questions: ['Q1', 'Q2'] },
      { id: 'c', kind: 'checkbox', options: ['A', 'B'] },
      { id: 'bad id', kind: 'text' },
      { id: 'k', kind: 'unknown' },
    ]);
    expect(fields.map((x) => x.id)).toEqual(['who', 'l', 'c']);
    const raw = valuesFromFormPost(fields, { 'who-fname': 'Ada', 'who-lname': 'L', 'l-0': '1', 'l-1': '-2', c: ['A', 'B'] });
    expect(validateForm(fields, raw)).toEqual({ ok: true, values: { who: ['Ada', 'L'], l: { Q1: '1', Q2: '-2' }, c: ['A', 'B'] } });
  });
});
