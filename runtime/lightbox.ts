/**
 * `Y.Squarespace.Lightbox`: a picture (or any content) shown large over the page, as the platform's galleries
 * and themes open one. `new Lightbox({ content, alt, label })` where `content` is an image URL, an element or
 * HTML-free text; `open()` shows it as a modal dialog (Escape, the Close button or a click outside closes it,
 * focus returns to where it was), `close()`, `destroy()`. The platform's own options are undocumented; these
 * are the ones a theme needs to show one picture.
 */
import { openDialog } from './modal-dialog.js';

export interface LightboxConfig {
  /** An image URL (shown as `<img>`), an element, or text. */
  content?: string | Element;
  /** The picture's text alternative. */
  alt?: string;
  /** The dialog's accessible name (default: the picture's `alt`, else "Image"). */
  label?: string;
}

export class Lightbox {
  private closeDialog: (() => void) | null = null;

  constructor(private readonly config: LightboxConfig = {}) {}

  open(): this {
    if (this.closeDialog !== null) return this;
    const { content, alt = '' } = this.config;
    let node: Node;
    if (content instanceof Element) node = content;
    else if (typeof content === 'string' && /^(\/|https?:|data:image\/)/.test(content)) {
      const img = document.createElement('img');
      img.src = content;
      img.alt = alt;
      node = img;
    } else node = document.createTextNode(String(content ?? ''));
    this.closeDialog = openDialog({
      role: 'dialog',
      className: 'sqs-tessera-lightbox',
      label: this.config.label ?? (alt !== '' ? alt : 'Image'),
      content: [node],
      buttons: [{ text: 'Close', onClick: () => this.close() }],
      onClose: () => {
        this.closeDialog = null;
      },
    });
    return this;
  }

  close(): void {
    this.closeDialog?.();
  }

  destroy(): void {
    this.close();
  }
}
