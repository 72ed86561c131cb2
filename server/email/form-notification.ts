/**
 * The owner's notice of a form submission (kind `form-notification`), queued in the submission's own
 * transaction (server/forms/service.ts), so a stored submission always has its notice and a refused one none.
 * The spec gives forms no notification address, so ours: the mail settings' `notificationAddress`, else every
 * admin contributor of the site, one message each. The subject is the platform's wording, `Form Submission -
 * {form name}`; each answer is one line `Label: value` (a list joined by commas, a name or an address by its
 * parts), in the form's field order. Its words are in the site's language (issue 27: `email.form.*`), the
 * owner's language as the storefront's.
 */
import { eq } from 'drizzle-orm';
import type { FieldValue, FormField } from '../../commerce/form-validation.js';
import type { Store, StoreTransaction } from '../db/database.js';
import { contributors, forms, websites } from '../db/schema.js';
import { answerLines, submittedFrom } from '../forms/submission-text.js';
import { queueEmail } from './queue.js';
import { renderEmailHtml } from './render.js';
import { storedMailSettings } from './settings.js';
import { translator } from '../../commerce/messages/translate.js';
import { emailLanguage } from '../orders/order-email.js';

export const FORM_NOTIFICATION_KIND = 'form-notification';

/** Who is told: the settings' address, else the site's admins. */
function recipients(store: Store, websiteId: string): string[] {
  const address = storedMailSettings(store, websiteId).notificationAddress;
  if (address !== null) return [address];
  return store
    .select({ email: contributors.email, roles: contributors.roles })
    .from(contributors)
    .where(eq(contributors.websiteId, websiteId))
    .all()
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

/** Queues the notice of one stored submission inside its transaction. */
export function queueFormNotification(
  tx: StoreTransaction,
  formId: string,
  fields: readonly FormField[],
  values: Readonly<Record<string, FieldValue>>,
  meta: Readonly<Record<string, unknown>>,
  submissionId: string,
  now: number,
): void {
  const store = tx as unknown as Store;
  const form = tx.select({ name: forms.name, websiteId: forms.websiteId }).from(forms).where(eq(forms.id, formId)).get();
  if (form === undefined) return;
  const site = tx.select({ title: websites.title, settings: websites.settings }).from(websites).where(eq(websites.id, form.websiteId)).get();
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
  const subject = t('email.form.subject', { form: form.name });
  const text = [
    page === null ? t('email.form.intro', { form: form.name, site: siteTitle }) : t('email.form.introAt', { form: form.name, site: siteTitle, page }),
    '',
    ...answers.flatMap((a) => (a.lines.length === 1 ? [`${a.label}: ${a.lines[0]}`] : [`${a.label}:`, ...a.lines.map((l) => `  ${l}`)])),
    '',
    siteTitle,
  ].join('\n');
  const words = { heading: t('email.form.heading', { form: form.name }), filledIn: t('email.form.filledIn', { form: form.name, site: siteTitle }), at: t('email.form.at') };
  const html = renderEmailHtml(FORM_NOTIFICATION_KIND, { siteTitle, subject, language }, { words, pageUrl: page, answers });
  for (const to of recipients(store, form.websiteId)) {
    queueEmail(tx, { websiteId: form.websiteId, kind: FORM_NOTIFICATION_KIND, to, subject, text: `${text}\n`, html, related: { formId, submissionId } }, now);
  }
}
