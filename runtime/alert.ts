/**
 * `Y.Squarespace.Widgets.Alert`: the platform's message box, as themes open it
 * (`new Y.Squarespace.Widgets.Alert({ 'strings.title': 'Shop', 'strings.message': 'Sold out.' })`): it shows
 * at once, as a modal `alertdialog` with the title, the message and an OK button (`strings.confirm` to name it
 * otherwise); `on('confirm' | 'close', fn)`, `close()`. Never `window.alert`.
 */
import { openDialog } from './modal-dialog.js';

type Listener = () => void;

export class Alert {
  private readonly listeners = new Map<string, Listener[]>();
  private readonly closeDialog: () => void;

  constructor(config: Record<string, unknown> = {}) {
    const strings = typeof config['strings'] === 'object' && config['strings'] !== null ? (config['strings'] as Record<string, unknown>) : {};
    const text = (key: string, fallback: string) => String(config[`strings.${key}`] ?? strings[key] ?? fallback);
    const title = document.createElement('h2');
    title.textContent = text('title', '');
    const message = document.createElement('p');
    message.textContent = text('message', '');
    const content = title.textContent === '' ? [message] : [title, message];
    this.closeDialog = openDialog({
      role: 'alertdialog',
      label: title.textContent === '' ? message.textContent : title.textContent,
      content,
      buttons: [{ text: text('confirm', 'OK'), onClick: () => this.confirm() }],
      onClose: () => this.emit('close'),
    });
  }

  on(event: string, fn: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }

  close(): void {
    this.closeDialog();
  }

  private confirm(): void {
    this.emit('confirm');
    this.close();
  }

  private emit(event: string): void {
    for (const fn of this.listeners.get(event) ?? []) {
      try {
        fn();
      } catch (error) {
        console.error(error);
      }
    }
  }
}
