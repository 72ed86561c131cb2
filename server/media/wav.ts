/**
 * Tiny WAV files for the demo album: a sine tone as 8-bit unsigned mono PCM, so the `<audio>` players play
 * something real without shipping binary files. The same arguments always give the same bytes.
 */

/** Size of the canonical RIFF/WAVE header (RIFF chunk, `fmt ` chunk, `data` chunk header). */
export const WAV_HEADER_BYTES = 44;

export interface Tone {
  /** Pitch in Hz. */
  readonly frequency: number;
  readonly durationMs: number;
  /** Samples per second; 8 kHz keeps a one-second track at about 8 KB. */
  readonly sampleRate?: number;
}

/** The WAV file of a sine tone, faded in and out over 10 ms so it starts and ends without a click. */
export function toneWav({ frequency, durationMs, sampleRate = 8000 }: Tone): Buffer {
  const samples = Math.round((sampleRate * durationMs) / 1000);
  const buf = Buffer.alloc(WAV_HEADER_BYTES + samples);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate, 28); // byte rate: one byte per sample
  buf.writeUInt16LE(1, 32); // block align
  buf.writeUInt16LE(8, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples, 40);
  const fade = Math.max(1, Math.round(sampleRate / 100));
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const s = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * envelope * 0.6;
    // 8-bit PCM is unsigned: silence is 128.
    buf[WAV_HEADER_BYTES + i] = Math.max(0, Math.min(255, Math.round(128 + s * 127)));
  }
  return buf;
}
