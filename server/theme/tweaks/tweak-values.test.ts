import { describe, expect, it } from 'vitest';
import { readTweaks } from './read-tweaks.js';
import { checkTweakValue, checkTweakValues, isSafeCssValue } from './tweak-values.js';

const { tweaks } = readTweaks(
  [
    '// tweak: { "type": "checkbox", "title": "Snowing?" }',
    '// tweak: { "type": "dropdown", "title": "Nav Style", "options": ["Icon on Right", "Icon on Left"] }',
    '// tweak: { "type": "color", "title": "Accent" }',
    '@accent: #222;',
    '// tweak: { "type": "color", "title": "Text", "disableTransparency": true }',
    '@text: #222;',
    '// tweak: { "type": "value", "title": "Padding", "min": 0, "max": 50 }',
    '@padding: 20px;',
    '// tweak: { "type": "value", "title": "Columns", "min": 1, "max": 6 }',
    '@columns: 4;',
    '// tweak: { "type": "value", "title": "Gap" }',
    '@gap: auto;',
    '// tweak: { "type": "font", "title": "Heading" }',
    '.heading-font { font-family: Georgia; font-size: 30px; }',
    '// tweak: { "type": "image", "title": "Banner" }',
    '.banner-image { background-image: none; }',
  ].join('\n'),
  'styles/tweak.less',
);
const byName = (name: string) => tweaks.find((t) => t.name === name)!;
const check = (name: string, value: unknown) => {
  const checked = checkTweakValue(byName(name), value);
  return checked.ok ? checked.value : `! ${checked.message}`;
};

describe('a value for a tweak', () => {
  it('is a checkbox on or off', () => {
    expect([true, false, 'true', ' FALSE '].map((v) => check('snowing', v))).toEqual(['true', 'false', 'true', 'false']);
    expect(check('snowing', 'yes')).toBe('! "snowing" is a checkbox: true or false (got "yes").');
  });

  it("is one of a dropdown's options, written as its label", () => {
    expect(check('nav-style', 'icon on left')).toBe('Icon on Left');
    expect(check('nav-style', 'Icon on Top')).toBe('! "nav-style" must be one of: Icon on Right, Icon on Left (got "Icon on Top").');
  });

  it('is a CSS colour, opaque where the tweak disables transparency', () => {
    expect(['#1b1b1b', '#abcd', 'rgba(34,34,34,1)', 'rgb(0 0 0 / 50%)', 'hsla(200, 50%, 40%, .7)', 'RebeccaPurple', 'transparent'].map((v) => check('accent', v))).toEqual([
      '#1b1b1b',
      '#abcd',
      'rgba(34,34,34,1)',
      'rgb(0 0 0 / 50%)',
      'hsla(200, 50%, 40%, .7)',
      'RebeccaPurple',
      'transparent',
    ]);
    expect(check('accent', 'red; } body { display: none')).toMatch(/^! "accent" must be a CSS colour/);
    expect(check('accent', '#12')).toMatch(/^! "accent" must be a CSS colour/);
    expect(['#fff', '#ffff', 'rgba(0,0,0,1)', 'rgba(0,0,0,.5)', '#00000080', 'transparent'].map((v) => check('text', v).startsWith('!'))).toEqual([false, false, false, true, true, true]);
    expect(check('text', 'transparent')).toBe('! "text" must be an opaque colour: the tweak disables transparency (got "transparent").');
  });

  it("is a number within the slider, in the default's unit", () => {
    expect([35, '35', '35px', '0', 50, '12.5'].map((v) => check('padding', v))).toEqual(['35px', '35px', '35px', '0px', '50px', '12.5px']);
    expect(check('padding', '35em')).toBe('! "padding" must be a number from 0 to 50 in px (got "35em").');
    expect(check('padding', 51)).toBe('! "padding" must be a number from 0 to 50 in px (got 51).');
    expect(check('padding', true)).toBe('! "padding" must be a number from 0 to 50 in px (got true).');
    expect(check('columns', '3')).toBe('3');
    expect(check('columns', '3px')).toBe('! "columns" must be a number from 1 to 6 without a unit (got "3px").');
    expect(check('gap', '2rem')).toBe('2rem');
    expect(check('gap', '@evil')).toBe('! "gap" must be a CSS value (got "@evil").');
  });

  it("is a font or image tweak's properties, an object or the platform's composite", () => {
    expect(check('heading-font', { 'font-family': '"Playfair Display", serif', 'Font-Weight': 700 })).toBe('{font-family:"Playfair Display", serif;font-weight:700}');
    expect(check('heading-font', '{font-size:40px;text-transform:uppercase}')).toBe('{font-size:40px;text-transform:uppercase}');
    expect(check('heading-font', { 'font-sise': '3px' })).toMatch(/^! "heading-font" has no property "font-sise" \(did you mean "font-size"\?\): it takes font-family, font-size/);
    expect(check('heading-font', { 'font-family': 'Georgia; } body { color: red' })).toBe(
      '! "heading-font" needs a single CSS value for font-family (got {"font-family":"Georgia; } body { color: red"}).',
    );
    expect(check('heading-font', 'Georgia')).toMatch(/^! "heading-font" is a font tweak: an object of CSS properties/);
    expect(check('banner-image', { 'background-image': 'url(//cdn.example.com/a.png)', 'background-size': 'cover' })).toBe('{background-image:url(//cdn.example.com/a.png);background-size:cover}');
    expect(check('banner-image', { 'font-size': '3px' })).toMatch(/^! "banner-image" has no property "font-size"/);
  });
});

describe('several values by name', () => {
  it('are checked each, an unknown name refused with the nearest one', () => {
    expect(checkTweakValues(tweaks, { padding: 30, snowin: true, 'nav-style': 'Icon on Left', zzzzzz: 1 })).toEqual({
      values: { padding: '30px', 'nav-style': 'Icon on Left' },
      problems: ['The theme has no tweak "snowin": did you mean "snowing"?', 'The theme has no tweak "zzzzzz".'],
    });
    expect(checkTweakValues([], { a: 1 }).problems).toEqual(['The theme has no tweak "a" (it declares none).']);
  });
});

describe('a safe CSS value', () => {
  it('cannot end a declaration, open a block, start a comment or reach a variable', () => {
    expect(['Georgia, "Times New Roman", serif', 'url(http://x.com/a.png) no-repeat', 'calc(100% - 2px)', '1px solid rgba(0,0,0,.5)'].map(isSafeCssValue)).toEqual([true, true, true, true]);
    expect(['', 'a;b', 'a { b', 'a } b', '@x', 'a // b', 'a /* b', '"open', 'f(x', 'f)x(', 'e(`1`)', '~"x"', 'a\\9', 'a\nb', 'x'.repeat(501)].map(isSafeCssValue)).toEqual(
      Array(15).fill(false),
    );
  });
});
