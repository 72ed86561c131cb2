/**
 * Scripts that only a theme's build makes runnable (ES-module source, CommonJS requires), told apart from
 * ordinary scripts without false positives: the words in strings, comments and regular expressions, UMD
 * files, bundles bringing their own `require`; every script of the corpus's `scripts/` folders and the
 * libraries Tessera serves; and the tag naming one, which loads nothing and is an error at its place.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { demoApp } from '../test-support.js';
import { Theme } from '../theme.js';
import { jsTokens } from './js-tokens.js';
import { buildNeedMessage, scriptBuildNeed, scriptFileBuildNeed } from './script-build-need.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');
const require = createRequire(import.meta.url);

describe('ES-module source', () => {
  it('is told by the browser engine itself, with what it imports and where', () => {
    const source = "// a theme's entry\n\nimport physics from '@nonphoto/physics'\nimport _ , { debounce } from \"lodash\"\nimport './side-effect.js'\nexport * from './more'\nexport { a as b } from './more'\nconst x = import('./lazy.js')\n";
    expect(scriptBuildNeed(source)).toEqual({ kind: 'module', specifiers: ['@nonphoto/physics', 'lodash', './side-effect.js', './more'], line: 3, browserError: 'Cannot use import statement outside a module' });
    expect(scriptBuildNeed('const a = 1;\nexport default function f() { return a }\n')).toEqual({ kind: 'module', specifiers: [], line: 2, browserError: "Unexpected token 'export'" });
    expect(scriptBuildNeed('console.log(import.meta.url)')?.kind).toBe('module');
    expect(scriptBuildNeed('const data = await fetch("/x")')?.kind).toBe('module');
  });

  it('is not a word import or export in a string, a comment, a regular expression or a property', () => {
    for (const ordinary of [
      'var s = "import x from \'y\'"; // import a from "b"\n/* export default 1 */',
      'var re = /import x from "y"/g, t = `export ${"import"} from "z"`;',
      "var a = {}; a.import = 1; a.export = function () {}; obj.import('x');",
      "var lazy = import('./lazy.js');",
      'function f(a, b) { return a / b / 2 } if (f(4, 2)) /import x from "y"/.test(s);',
    ]) {
      expect(scriptBuildNeed(ordinary), ordinary).toBeNull();
    }
  });
});

describe('CommonJS source', () => {
  it('is a require of a string in code, in a file with no module system of its own', () => {
    expect(scriptBuildNeed("var debug = require('debug')('hnp');\nvar _ = require(\"lodash\");\nvar u = require('./utils');\nmodule.exports = {};")).toEqual({
      kind: 'commonjs',
      specifiers: ['debug', 'lodash', './utils'],
      line: 1,
      browserError: 'require is not defined',
    });
  });

  it('is not a UMD file, a bundle with its own require, a property, AMD, or the word in a string or comment', () => {
    for (const ordinary of [
      "(function (root, factory) { if (typeof define === 'function' && define.amd) define(['jquery'], factory); else if (typeof module === 'object') module.exports = factory(require('jquery')); else root.X = factory(root.jQuery); })(this, function ($) {});",
      "(function e(t,n,r){function s(o){return n[o]}})({1:[function(require,module,exports){ var a = require('./a'); },{}]},{},[1]);",
      "function require(name) { return window[name] } var $ = require('jquery');",
      "var loader = { require: function () {} }; loader.require('x');",
      "require(['jquery'], function ($) {});",
      "var s = \"require('x')\"; // require('y')",
      "if (typeof require === 'function') { var x = require('x') }",
    ]) {
      expect(scriptBuildNeed(ordinary), ordinary).toBeNull();
    }
  });
});

describe('the scanner', () => {
  it('passes over comments, strings, template literals (nested) and regular expressions', () => {
    const texts = jsTokens('a = `x ${ b + `y ${ "}" }` } z`; /* c */ d = /[/]re/g.test(e) // f\n g / h / i')
      .filter((t) => t.kind !== 'string')
      .map((t) => t.text)
      .join(' ');
    expect(texts).toBe('a = b + ; d = . test ( e ) g / h / i');
  });
});

/** Every `.js` under a folder, relative to it. */
function scriptsIn(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.js')) out.push(relative(dir, path));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

describe.skipIf(!existsSync(CORPUS))("the corpus's scripts", () => {
  it('need a build exactly where their repositories build them', () => {
    const found: Record<string, string> = {};
    for (const theme of readdirSync(CORPUS).filter((t) => existsSync(join(CORPUS, t, 'scripts')))) {
      for (const file of scriptsIn(join(CORPUS, theme, 'scripts'))) found[`${theme}/scripts/${file}`] = scriptFileBuildNeed(join(CORPUS, theme, 'scripts', file))?.kind ?? 'runs';
    }
    const hnpCommonJs = ['ajaxLoader', 'capabilities', 'config', 'controllers/brand', 'controllers/collections/archive', 'controllers/default', 'controllers/footer', 'controllers/hero-image', 'controllers/main-content', 'controllers/navigation/archive', 'controllers/navigation/global', 'events', 'main', 'utils'];
    expect(found).toEqual({
      'adagio/scripts/jquery-3-1-1-min.js': 'runs',
      // browserified into bundle.js by its build; env.js is a plain assignment, sqs-core/ its vendored UMD files
      ...Object.fromEntries(hnpCommonJs.map((f) => [`hnp/scripts/${f}.js`, 'commonjs'])),
      'hnp/scripts/env.js': 'runs',
      'hnp/scripts/sqs-core/sqs-controller.dev.js': 'runs',
      'hnp/scripts/sqs-core/sqs-core.dev.js': 'runs',
      'hnp/scripts/sqs-core/squarespace-core-0.1.2.js': 'runs',
      'labspace/scripts/main.js': 'module',
      'labspace/scripts/masonry-layout.js': 'module',
      'langate/scripts/nav.js': 'runs',
      'langate/scripts/site.js': 'runs',
      // the sources of its rollup build (components.js)
      ...Object.fromEntries(['contact-scroll', 'footer-list', 'home-scroll', 'index', 'services-list', 'work-list'].map((f) => [`langate/scripts/src/components/${f}.js`, 'module'])),
    });
  });

  it('and the libraries Tessera serves or bundles run as they are', () => {
    for (const file of ['jquery1/dist/jquery.js', 'jquery1/dist/jquery.min.js', 'jquery2/dist/jquery.min.js', 'jquery3/dist/jquery.js', 'jquery3/dist/jquery.slim.min.js', 'yui/yui/yui-min.js', 'yui/node-base/node-base-min.js']) {
      expect(scriptFileBuildNeed(require.resolve(file)), file).toBeNull();
    }
  });

  it("labspace's main.js: the tag loads nothing, and says what the build must bundle", async () => {
    const dir = join(CORPUS, 'labspace');
    const theme = new Theme(dir, false);
    const problem = theme.layoutErrors().find((e) => e.code === 'SCRIPT_NEEDS_BUILD')!;
    expect(`${problem.filename}:${problem.line}:${problem.column} ${problem.severity}`).toBe('site.region:27:28 error');
    expect(problem.message).toBe(buildNeedMessage('scripts/main.js', scriptFileBuildNeed(join(dir, 'scripts/main.js'))!));
    expect(problem.message).toBe(
      'scripts/main.js is ES-module source: it imports @nonphoto/physics, lodash and ./masonry-layout (line 1), which a browser cannot run as the classic script this tag loads ("Cannot use import statement outside a module"). The theme\'s build must bundle it with what it imports into one script in scripts/; until then it is not loaded.',
    );
    const { app } = await demoApp({ themeDir: dir });
    try {
      const home = await app.inject('/');
      expect(home.statusCode).toBe(200);
      expect(home.body).not.toContain('/scripts/main.js');
    } finally {
      await app.close();
    }
  });
});
