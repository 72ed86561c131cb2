/**
 * The built islands (`dist/islands`, written by hydrate/build.ts): the manifest, the files kept in memory
 * with their precompressed forms, and the script tag a page with islands gets. Read once per process.
 */
import { NONCE_ATTRIBUTE } from '../security/nonce.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IslandManifest } from '../../hydrate/build.js';
import { repoRoot } from '../db/database.js';
import type { Precompressed } from '../routes/precompressed.js';

export const ISLANDS_PATH = '/static/islands/';

export type IslandAsset = Precompressed;

export class IslandAssets {
  private constructor(
    readonly manifest: IslandManifest | null,
    private readonly files: ReadonlyMap<string, IslandAsset>,
  ) {}

  /** The build in `dir`; without one (islands not built) pages get no scripts and still work. */
  static load(dir = join(repoRoot(), 'dist', 'islands')): IslandAssets {
    const manifestFile = join(dir, 'manifest.json');
    if (!existsSync(manifestFile)) return new IslandAssets(null, new Map());
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as IslandManifest;
    const files = new Map<string, IslandAsset>();
    for (const name of Object.keys(manifest.files)) {
      const path = join(dir, name);
      files.set(name, { raw: readFileSync(path), gzip: readFileSync(`${path}.gz`), brotli: readFileSync(`${path}.br`) });
    }
    return new IslandAssets(manifest, files);
  }

  file(name: string): IslandAsset | undefined {
    return this.files.get(name);
  }

  /** The loader's script tag, or '' when the islands are not built. */
  get loaderTag(): string {
    // the answer's nonce (server/security/nonce.ts): the policy runs this script and what it imports
    return this.manifest === null ? '' : `<script type="module"${NONCE_ATTRIBUTE} src="${ISLANDS_PATH}${this.manifest.loader}"></script>`;
  }
}

/** Markup the loader acts on: our islands, and the platform's commerce blocks as any theme prints them. */
const ISLAND_MARKERS = ['data-island="', 'sqs-add-to-cart-button', 'class="product-variants"', 'class="product-quantity-input"'];

/** Whether a page has any island, and so needs the loader. */
export function hasIslands(html: string): boolean {
  return ISLAND_MARKERS.some((marker) => html.includes(marker));
}
