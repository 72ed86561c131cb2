/** Media formatters: the video wrapper with its overlay, the audio player, and durations as minutes:seconds. */
import { isObject, isTruthy, toText } from '../../values.js';
import { escapeAttr } from '../core/text.js';
import type { Formatter } from '../types.js';
import { colorAttributes } from './image-color.js';
import { focalPoint } from './image-meta.js';
import { field, looseNumber, text } from './scalars.js';

const OVERLAY_END = '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';

/**
 * `{item|video [load-false] [color-data]}`: the oEmbed wrapper and, when `overlay` is truthy, its overlay:
 * with the poster image when the item has a main image or system data id, else marked `no-thumb`. Only the
 * oEmbed HTML is escaped; the other fields print as they are, as on the platform.
 */
const video: Formatter = {
  name: 'video',
  format(v, args) {
    const item = isObject(v) ? v : {};
    const oembed = item['oembed'];
    // Two spaces before the flag, as the platform prints it.
    const load = args.includes('load-false') ? '  data-load="false"' : '';
    let out =
      `<div class="sqs-video-wrapper"${load} data-html="${escapeAttr(text(field(oembed, 'html')))}" ` +
      `data-provider-name="${text(field(oembed, 'providerName'))}">`;
    if (isTruthy(item['overlay'])) {
      if (isTruthy(item['mainImageId']) || isTruthy(item['systemDataId'])) {
        const colors = args.includes('color-data') && isTruthy(item['colorData']) ? ' ' + colorAttributes(item['colorData'], true) : '';
        out +=
          `<div class="sqs-video-overlay" style="opacity: 0;"><img data-load="false" data-src="${text(item['assetUrl'])}" ` +
          `data-image-dimensions="${text(item['originalSize'])}" data-image-focal-point="${focalPoint(item)}"${colors} />` +
          OVERLAY_END;
      } else {
        out += `<div class="sqs-video-overlay no-thumb" style="opacity: 0;">${OVERLAY_END}`;
      }
    }
    return out + '</div>';
  },
};

/** The audio player for an item; fields print as they are (the id as any value prints, lists joined). */
const audioPlayer: Formatter = {
  name: 'audio-player',
  format(v) {
    const item = isObject(v) ? v : {};
    const id = toText(item['id']);
    const url = text(field(item['structuredContent'], 'audioAssetUrl'));
    return (
      `<script>Y.use('squarespace-audio-player-frontend');</script>\n` +
      `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
    );
  },
};

/**
 * Milliseconds as minutes:seconds (`125000` → `2:05`; spec 001 §9), minutes never folded into hours. Whole
 * seconds and minutes are 32-bit truncations as on the platform, so a negative duration prints `-1:-5` and
 * anything unreadable prints `0:00`.
 */
export function humanizeDuration(ms: number): string {
  const total = (ms / 1000) | 0;
  const minutes = (total / 60) | 0;
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

const humanizeDurationFormatter: Formatter = {
  name: 'humanizeDuration',
  format: (v) => humanizeDuration(looseNumber(v)),
};

export const MEDIA_FORMATTERS: Formatter<any>[] = [video, audioPlayer, humanizeDurationFormatter];
