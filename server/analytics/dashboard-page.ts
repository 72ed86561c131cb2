/**
 * The analytics dashboard as HTML (GET /config/analytics): the range chooser (a GET form), totals, one bar
 * chart per figure as inline SVG drawn here (no chart library: bars of a viewBox one unit per day, stretched
 * to the width, so it reads the same at 390 px and at 1280 px), and every number of the charts in one table
 * per day for screen readers and the keyboard (a focusable scrolling region); the slowest pages by p75 LCP and
 * the JavaScript errors seen, as tables.
 */
import { DateTime } from 'luxon';
import { escapeHtml } from '../escape-html.js';
import type { Dashboard, DayFigures } from './dashboard-data.js';
import { RANGE_CHOICES } from './range.js';

interface Figure {
  readonly key: keyof Omit<DayFigures, 'day'>;
  readonly label: string;
  /** The total over the range makes sense (a sum of daily unique visitors does not). */
  readonly summed: boolean;
}

const FIGURES: readonly Figure[] = [
  { key: 'pageViews', label: 'Page views', summed: true },
  { key: 'uniqueVisitors', label: 'Unique visitors', summed: false },
  { key: 'addToCart', label: 'Add to cart', summed: true },
  { key: 'orders', label: 'Orders', summed: true },
  { key: 'revenueCents', label: 'Revenue', summed: true },
  { key: 'formSubmissions', label: 'Form submissions', summed: true },
  { key: 'restockSignups', label: 'Restock signups', summed: true },
];

/** A whole number with thousands separators (`12,345`), without Intl: the page writes thousands of them. */
const integer = { format: (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',') };

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

/** Cents in the store currency as money (`$1,234.50`; JPY has no minor digits). Formats are made once per currency. */
export function formatMoney(cents: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = null;
    }
    moneyFormats.set(currency, format);
  }
  if (format === null) return `${integer.format(cents / 100)} ${currency}`;
  return format.format(cents / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

const valueText = (figure: Figure, value: number, currency: string) => (figure.key === 'revenueCents' ? formatMoney(value, currency) : integer.format(value));

/** "2026-11-26" as "Nov 26, 2026". */
const longDay = (day: string) => DateTime.fromISO(day, { zone: 'UTC' }).toFormat('LLL d, yyyy');

function chart(figure: Figure, data: Dashboard): string {
  const values = data.days.map((d) => d[figure.key]);
  const max = Math.max(0, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const n = values.length;
  const bars = values
    .map((v, i) => (v === 0 || max === 0 ? '' : `<rect x="${i}" y="${(100 - (v / max) * 100).toFixed(2)}" width="${n > 60 ? 1 : 0.8}" height="${((v / max) * 100).toFixed(2)}"/>`))
    .join('');
  const peak = max === 0 ? 'no activity' : `highest ${valueText(figure, max, data.currency)} on ${longDay(data.days[values.indexOf(max)]!.day)}`;
  const summary = figure.summed && max > 0 ? `total ${valueText(figure, total, data.currency)}, ${peak}` : peak;
  const id = `chart-${figure.key}`;
  return (
    `<figure><figcaption id="${id}">${escapeHtml(figure.label)} per day</figcaption>` +
    `<svg role="img" aria-labelledby="${id} ${id}-summary" viewBox="0 0 ${n} 100" preserveAspectRatio="none" focusable="false">` +
    `<g fill="#1a5fb4">${bars}</g></svg>` +
    `<p class="axis"><span>${escapeHtml(longDay(data.range.from))}</span><span>${escapeHtml(longDay(data.range.to))}</span></p>` +
    `<p class="axis" id="${id}-summary">${escapeHtml(`${summary[0]!.toUpperCase()}${summary.slice(1)}.`)}</p></figure>`
  );
}

function rangeForm(data: Dashboard, query: { from?: string; to?: string }): string {
  const preset = data.range.days;
  const choices = RANGE_CHOICES.map(
    (days) => `<label><input type="radio" name="days" value="${days}"${preset === days ? ' checked' : ''}> Last ${days} days</label>`,
  ).join('');
  const from = preset === null ? data.range.from : (query.from ?? '');
  const to = preset === null ? data.range.to : (query.to ?? '');
  return (
    `<form method="get" action="/config/analytics" aria-label="Range">` +
    `<fieldset><legend>Range</legend><div class="choices">${choices}</div></fieldset>` +
    `<fieldset><legend>Or choose the days (they win over the range)</legend><div class="days">` +
    `<div><label for="from">First day</label><input id="from" type="date" name="from" value="${escapeHtml(from)}"></div>` +
    `<div><label for="to">Last day</label><input id="to" type="date" name="to" value="${escapeHtml(to)}"></div></div></fieldset>` +
    `<button type="submit">Show</button></form>`
  );
}

function totals(data: Dashboard): string {
  const items = FIGURES.map((figure) => {
    const values = data.days.map((d) => d[figure.key]);
    const shown = figure.summed ? values.reduce((a, b) => a + b, 0) : Math.max(0, ...values);
    const label = figure.summed ? figure.label : `${figure.label} (busiest day)`;
    return `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(valueText(figure, shown, data.currency))}</dd></div>`;
  });
  return `<dl class="totals">${items.join('')}</dl>`;
}

function dayTable(data: Dashboard): string {
  const head = FIGURES.map((f) => `<th scope="col">${escapeHtml(f.key === 'revenueCents' ? `Revenue (${data.currency})` : f.label)}</th>`).join('');
  const rows = [...data.days]
    .reverse()
    .map((d) => `<tr><th scope="row">${d.day}</th>${FIGURES.map((f) => `<td>${valueText(f, d[f.key], data.currency)}</td>`).join('')}</tr>`)
    .join('');
  return (
    `<h2 id="per-day">Per day</h2><div class="scroll" role="region" aria-labelledby="per-day" tabindex="0">` +
    `<table><caption>Every figure of the charts, newest day first</caption><thead><tr><th scope="col">Day</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`
  );
}

function slowestPages(data: Dashboard): string {
  const heading = `<h2 id="slowest">Slowest pages</h2>`;
  if (data.slowestPages.length === 0) return `${heading}<p>No page speed was reported in this range.</p>`;
  const rows = data.slowestPages
    .map((p) => {
      const p75 = p.p75Ms === null ? '30 s or more' : `${(p.p75Ms / 1000).toFixed(2)} s`;
      return `<tr><td class="text">${escapeHtml(p.path)}</td><td>${p75}</td><td>${integer.format(p.samples)}</td></tr>`;
    })
    .join('');
  return (
    `${heading}<div class="scroll" role="region" aria-labelledby="slowest" tabindex="0"><table><caption>By the 75th percentile of Largest Contentful Paint (at most, to the bucket)</caption>` +
    `<thead><tr><th scope="col">Page</th><th scope="col">p75 LCP</th><th scope="col">Samples</th></tr></thead><tbody>${rows}</tbody></table></div>`
  );
}

function errors(data: Dashboard): string {
  const heading = `<h2 id="errors">JavaScript errors</h2>`;
  if (data.errors.length === 0) return `${heading}<p>No JavaScript error was reported in this range.</p>`;
  const rows = data.errors
    .map((e) => {
      const seen = DateTime.fromMillis(e.lastSeen, { zone: data.timeZone }).toFormat('yyyy-MM-dd HH:mm');
      return `<tr><td class="text">${escapeHtml(e.message)}</td><td>${integer.format(e.count)}</td><td>${seen}</td><td class="text">${escapeHtml(e.page)}</td></tr>`;
    })
    .join('');
  return (
    `${heading}<div class="scroll" role="region" aria-labelledby="errors" tabindex="0"><table><caption>Most frequent first</caption>` +
    `<thead><tr><th scope="col">Message</th><th scope="col">Count</th><th scope="col">Last seen</th><th scope="col">Page (last seen)</th></tr></thead><tbody>${rows}</tbody></table></div>`
  );
}

/** The body of the dashboard page; `message` says what was wrong with the range asked for. */
export function dashboardBody(data: Dashboard, query: { from?: string; to?: string }, message: string | null): string {
  const shown = `${longDay(data.range.from)} to ${longDay(data.range.to)} (${data.days.length} days, ${data.timeZone})`;
  return (
    `<h1>Analytics</h1>` +
    (message === null ? '' : `<p class="message" role="alert">${escapeHtml(message)} Showing the last 30 days instead.</p>`) +
    rangeForm(data, query) +
    `<h2 id="range-shown">${escapeHtml(shown)}</h2>` +
    totals(data) +
    `<h2>Charts</h2><div class="charts">${FIGURES.map((f) => chart(f, data)).join('')}</div>` +
    dayTable(data) +
    slowestPages(data) +
    errors(data)
  );
}
