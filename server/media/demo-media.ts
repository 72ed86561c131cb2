/**
 * The demo site's media files, by file name: album tracks (generated WAV tones) and gallery pictures
 * (generated SVGs). The seed points records at these URLs and the media route serves exactly these files,
 * so nothing outside this list can be requested or generated.
 */
import { type Placeholder, placeholderSvg } from './placeholder-image.js';
import { type Tone, toneWav } from './wav.js';

export const AUDIO_PATH = '/static/audio/';
export const IMAGE_PATH = '/static/gallery/';

/** Album tracks: a rising arpeggio of one-second tones. */
export const DEMO_TRACKS: Readonly<Record<string, Tone & { readonly title: string }>> = {
  'morning-a.wav': { title: 'Morning (A4)', frequency: 440, durationMs: 1000 },
  'noon-c.wav': { title: 'Noon (C5)', frequency: 523.25, durationMs: 1000 },
  'evening-e.wav': { title: 'Evening (E5)', frequency: 659.25, durationMs: 1500 },
};

const image = (caption: string, from: string, to: string, width = 1200, height = 800): Placeholder => ({ width, height, from, to, caption });

export const DEMO_IMAGES: Readonly<Record<string, Placeholder>> = {
  'workshop.svg': image('Workshop', '#8a6f4d', '#3e2f22'),
  'linen.svg': image('Linen', '#d9cbb3', '#8c7b62'),
  'indigo.svg': image('Indigo', '#3b4f7a', '#141d33'),
  'market.svg': image('Market day', '#c26a3d', '#5a2b16'),
  'studio.svg': image('Studio', '#6d8f7a', '#24382c'),
  'loom.svg': image('Loom', '#a58bb5', '#3c2b47', 800, 1000),
  'thread.svg': image('Thread', '#d8a64a', '#6b4b12', 800, 1000),
  // a poster stands upright, like the Lookbook's other pictures (its 3:4 slides would crop a landscape one to half)
  'festival-poster.svg': image('Craft fair', '#e07a5f', '#3d405b', 800, 1000),
};

const audioCache = new Map<string, Buffer>();
const imageCache = new Map<string, string>();

/** The bytes of a demo track, or null when the name is not one of them. */
export function demoTrack(file: string): Buffer | null {
  const tone = DEMO_TRACKS[file];
  if (tone === undefined || !Object.hasOwn(DEMO_TRACKS, file)) return null;
  let wav = audioCache.get(file);
  if (wav === undefined) audioCache.set(file, (wav = toneWav(tone)));
  return wav;
}

/** The SVG of a demo picture, or null when the name is not one of them. */
export function demoImage(file: string): string | null {
  const spec = DEMO_IMAGES[file];
  if (spec === undefined || !Object.hasOwn(DEMO_IMAGES, file)) return null;
  let svg = imageCache.get(file);
  if (svg === undefined) imageCache.set(file, (svg = placeholderSvg(spec)));
  return svg;
}
