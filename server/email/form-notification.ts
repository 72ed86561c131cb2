/**
 * The owner's notice of a form submission (kind `form-notification`), queued in the submission's own
 * transaction (server/forms/service.ts, forms/store-pg.ts), so a stored submission always has its notice and a
 * refused one none.
 * The spec gives forms no notification address, so ours: the mail settings' `notificationAddress`, else every
 * admin contributor of the site, one message each. The subject is the platform's wording, `Form Submission -
 * {form name}`; each answer is one line `Label: value` (a list joined by commas, a name or an address by its
 * parts), in the form's field order. Its words are in the site's language (issue 27: `email.form.*`), the
 * owner's language as the storefront's.
 */
import { eq } from 'drizzle-orm';
import type { FieldValue, FormField } from '../../commerce/form-validation.js';
import type { Reads } from '../db/reads.js';
import { all, get, type Work } from '../db/work.js';
import { answerLines, submittedFrom } from '../forms/submission-text.js';
import { queueEmailStep } from './queue.js';
import { renderEmailHtml } from './render.js';
import { storedMailSettingsStep } from './settings.js';
import { translator } from '../../commerce/messages/translate.js';
import { emailLanguage } from '../orders/order-email.js';

export const FORM_NOTIFICATION_KIND = 'form-notification';

/** Who is told: the settings' address, else the site's admins. */
function* recipients(q: Reads, websiteId: string): Work<string[]> {
  const address = (yield* storedMailSettingsStep(q, websiteId)).notificationAddress;
  if (address !== null) return [address];
  const { db, t } = q;
  const rows = yield* all(db.select({ email: t.contributors.email, roles: t.contributors.roles }).from(t.contributors).where(eq(t.contributors.websiteId, websiteId)));
  return rows
    .filter((c) => {
      try {
        const roles: unknown = JSON.parse(c.roles);
        return Array.isArray(roles) && roles.includes('admin');
      } catch {
        return false;
      }
    })
    .map((c) => c.email);
}

/**
 * Queues the notice of one stored submission as a step of the submission's transaction, on either database
 * (server/db/work.ts): `form` is the submitted form's row and fields, read once in that transaction
 * (forms/service.ts `submissionNoticeStep`).
 */
export function* queueFormNotificationStep(
  q: Reads,
  form: { readonly row: { readonly id: string; readonly name: string; readonly websiteId: string }; readonly fields: readonly FormField[] },
  values: Readonly<Record<string, FieldValue>>,
  meta: Readonly<Record<string, unknown>>,
  submissionId: string,
  now: number,
): Work<void> {
  const { db, t: tables } = q;
  const { row, fields } = form;
  const formId = row.id;
  const site = yield* get(db.select({ title: tables.websites.title, settings: tables.websites.settings }).from(tables.websites).where(eq(tables.websites.id, row.websiteId)));
  const siteTitle = site?.title ?? '';
  const language = emailLanguage(site?.settings);
  const t = translator(language);
  const known = new Set(fields.map((f) => f.id));
  const answers = [
    ...fields.filter((f) => values[f.id] !== undefined).map((f) => ({ label: f.title, lines: answerLines(values[f.id]!) })),
    ...Object.keys(values)
      .filter((id) => !known.has(id))
      .map((id) => ({ label: id, lines: answerLines(values[id]!) })),
  ];
  const page = submittedFrom(meta);
  const subject = t('email.form.subject', { form: row.name });
  const text = [
    page === null ? t('email.form.intro', { form: row.name, site: siteTitle }) : t('email.form.introAt', { form: row.name, site: siteTitle, page }),
    '',
    ...answers.flatMap((a) => (a.lines.length === 1 ? [`${a.label}: ${a.lines[0]}`] : [`${a.label}:`, ...a.lines.map((l) => `  ${l}`)])),
    '',
    siteTitle,
  ].join('\n');
  const words = { heading: t('email.form.heading', { form: row.name }), filledIn: t('email.form.filledIn', { form: row.name, site: siteTitle }), at: t('email.form.at') };
  const html = renderEmailHtml(FORM_NOTIFICATION_KIND, { siteTitle, subject, language }, { words, pageUrl: page, answers });
  for (const to of yield* recipients(q, row.websiteId)) {
    yield* queueEmailStep(q, { websiteId: row.websiteId, kind: FORM_NOTIFICATION_KIND, to, subject, text: `${text}\n`, html, related: { formId, submissionId } }, now);
  }
}
