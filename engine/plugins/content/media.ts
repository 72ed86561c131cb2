/** Media formatters: the video wrapper with its overlay, the audio player, and durations as m:ss. */
import { isObject } from '../../values.js';
import { escapeAttr } from '../core/text.js';
import type { Formatter } from '../types.js';
import { colorAttributes } from './image.js';

function str(v: unknown): string {
  return v === undefined || v === null || typeof v === 'object' ? '' : String(v);
}

/** `{item|video [load-false] [color-data]}`: the oEmbed wrapper and, when the item has one, its overlay image. */
const video: Formatter = {
  name: 'video',
  format(v, args) {
    if (!isObject(v)) return '';
    const oembed = isObject(v['oembed']) ? v['oembed'] : {};
    const load = args.includes('load-false') ? '  data-load="false"' : '';
    let out =
      `<div class="sqs-video-wrapper"${load} data-html="${escapeAttr(str(oembed['html']))}" ` +
      `data-provider-name="${escapeAttr(str(oembed['providerName']))}">`;
    if (v['overlay'] === true) {
      const fp = v['mediaFocalPoint'];
      const x = isObject(fp) && typeof fp['x'] === 'number' ? fp['x'] : 0.5;
      const y = isObject(fp) && typeof fp['y'] === 'number' ? fp['y'] : 0.5;
      const colors = args.includes('color-data') ? colorAttributes(v, true) : '';
      out +=
        `<div class="sqs-video-overlay" style="opacity: 0;"><img data-load="false" data-src="${escapeAttr(str(v['assetUrl']))}" ` +
        `data-image-dimensions="${escapeAttr(str(v['originalSize']))}" data-image-focal-point="${x},${y}"${colors === '' ? '' : ' ' + colors} />` +
        `<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>`;
    }
    return out + '</div>';
  },
};

const audioPlayer: Formatter = {
  name: 'audio-player',
  format(item) {
    if (!isObject(item)) return '';
    const id = escapeAttr(str(item['id']));
    const sc = isObject(item['structuredContent']) ? item['structuredContent'] : {};
    return (
      `<script>Y.use('squarespace-audio-player-frontend');</script>\n` +
      `<div class="squarespace-audio-player" data-audio-asset-url="${escapeAttr(str(sc['audioAssetUrl']))}" data-item-id="${id}" id="audio-player-${id}"></div>`
    );
  },
};

/** Milliseconds as minutes:seconds (`125000` → `2:05`); minutes are not folded into hours. */
export function humanizeDuration(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${ms < 0 ? '-' : ''}${minutes}:${String(seconds).padStart(2, '0')}`;
}

const humanizeDurationFormatter: Formatter = {
  name: 'humanizeDuration',
  format(v) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    return Number.isFinite(n) ? humanizeDuration(n) : '';
  },
};

export const MEDIA_FORMATTERS: Formatter<any>[] = [video, audioPlayer, humanizeDurationFormatter];
