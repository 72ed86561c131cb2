/**
 * The site's tweak values (the platform's Style Editor, as an API): `GET /api/template/tweaks` lists every tweak
 * the theme declares with its default and the site's value, and the theme's presets; `PUT` sets the site's
 * values, each checked against its tweak (server/theme/tweaks/tweak-values.ts), optionally starting from a
 * preset. Stored as the site document `template-tweaks`; the next page is rendered with them (page classes,
 * stylesheet, tweakJSON), since any write renews the page data.
 *
 * PUT replaces the site's values: a tweak left out shows its default. An unknown name, a value its tweak
 * refuses or an unknown preset is a 400 naming each, and nothing is stored.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { nestsDeeperThan } from '../json-depth.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { readSiteDocumentStep, writeSiteDocumentStep } from '../site-documents.js';
import { runRead } from '../db/work.js';
import type { Theme } from '../theme.js';
import { type Preset, presetValues, readPresets } from '../theme/tweaks/presets.js';
import { storedTweakValuesOf, TWEAKS_DOCUMENT } from '../theme/tweaks/site-tweaks.js';
import type { Tweak } from '../theme/tweaks/tweak.js';
import { checkTweakValues } from '../theme/tweaks/tweak-values.js';

export const TEMPLATE_TWEAKS_PATH = '/api/template/tweaks';
export const TWEAKS_BODY_LIMIT = 64 * 1024;
const MAX_VALUES = 1000;

const body = {
  type: 'object',
  properties: {
    values: { type: 'object', maxProperties: MAX_VALUES, additionalProperties: { type: ['string', 'number', 'boolean', 'object'] } },
    preset: { type: 'string', minLength: 1, maxLength: 100 },
  },
  additionalProperties: false,
} as const;

interface TweakAnswer {
  name: string;
  type: string;
  title: string;
  label?: string;
  category?: string;
  default: string;
  value: string;
  js: boolean;
  options?: readonly string[];
  min?: number;
  max?: number;
  step?: number;
  /** A value tweak's unit (its default's: `px`, `%`, or empty). */
  unit?: string;
}

interface TweaksAnswer {
  tweaks: TweakAnswer[];
  presets: { name: string; title: string }[];
}

/** A tweak as the API lists it. */
function tweakAnswer(t: Tweak, value: string): TweakAnswer {
  const text = (key: string) => (typeof t.declaration[key] === 'string' ? { [key]: t.declaration[key] as string } : {});
  const unit = t.type === 'value' ? /^[+-]?(?:\d+\.?\d*|\.\d+)([a-z%]*)$/i.exec(t.default)?.[1] : undefined;
  return {
    name: t.name,
    type: t.type,
    title: t.title,
    ...text('label'),
    ...text('category'),
    default: t.default,
    value,
    js: t.js,
    ...(t.options === undefined ? {} : { options: t.options }),
    ...(t.min === undefined ? {} : { min: t.min }),
    ...(t.max === undefined ? {} : { max: t.max }),
    ...(t.step === undefined ? {} : { step: t.step }),
    ...(unit === undefined ? {} : { unit: unit.toLowerCase() }),
  };
}

export const templateTweakRoutes: FastifyPluginAsync<{ store: Store; theme: Theme }> = async (app, { store, theme }) => {
  const answer = async (websiteId: string, presets: readonly Preset[]): Promise<TweaksAnswer> => {
    const stored = storedTweakValuesOf(await runRead(app.reads, (q) => readSiteDocumentStep(q, websiteId, TWEAKS_DOCUMENT)));
    const { values } = theme.tweakState(stored);
    return {
      tweaks: theme.tweaks().map((t) => tweakAnswer(t, values.get(t.name) ?? t.default)),
      presets: presets.map((p) => ({ name: p.name, title: p.title })),
    };
  };

  app.get(TEMPLATE_TWEAKS_PATH, { preValidation: requirePermission(store, 'readTemplateTweaks') }, async (request): Promise<TweaksAnswer> => {
    return answer(signedInContributor(request).websiteId, readPresets(theme.dir));
  });

  app.put<{ Body: { values?: Record<string, unknown>; preset?: string } }>(
    TEMPLATE_TWEAKS_PATH,
    { schema: { body }, bodyLimit: TWEAKS_BODY_LIMIT, preValidation: requirePermission(store, 'writeTemplateTweaks'), config: { rateLimit: 'owner' } },
    async (request, reply) => {
      if (nestsDeeperThan(request.body, 3)) return reply.code(400).send({ message: 'A tweak value is a string, a number, true or false, or an object of CSS properties.' });
      const websiteId = signedInContributor(request).websiteId;
      const presets = readPresets(theme.dir);
      const tweaks = theme.tweaks();
      const problems: string[] = [];
      let base: Record<string, string> = {};
      const { preset: presetName, values = {} } = request.body;
      if (presetName !== undefined) {
        const preset = presets.find((p) => p.name === presetName);
        if (preset === undefined) {
          const names = presets.map((p) => p.name).join(', ');
          problems.push(`The theme has no preset "${presetName}"${names === '' ? ' (it has none).' : ` (it has: ${names}).`}`);
        } else base = presetValues(preset, tweaks);
      }
      const checked = checkTweakValues(tweaks, values);
      problems.push(...checked.problems);
      if (problems.length > 0) return reply.code(400).send({ message: problems.join(' ') });
      await app.stores.transactions.write((q) => writeSiteDocumentStep(q, websiteId, TWEAKS_DOCUMENT, { values: { ...base, ...checked.values } }));
      return answer(websiteId, presets);
    },
  );
};
