/**
 * Back-in-stock writes behind one async interface (issue 25): a signup (one per e-mail address and variant) and
 * a send (every waiting signup marked notified, one outbox e-mail each, in one transaction). `sqliteRestockStore`
 * is service.ts answered as a promise; the PostgreSQL twin is store-pg.ts.
 */
import type { Store } from '../db/database.js';
import { type SendRequest, type SendResult, sendRestockEmails, signUp, type SignUp, type SignUpResult } from './service.js';

export interface RestockStore {
  signUp(input: SignUp, now?: number): Promise<SignUpResult>;
  sendRestockEmails(websiteId: string, requests: readonly SendRequest[], now?: number): Promise<SendResult>;
}

export function sqliteRestockStore(db: Store): RestockStore {
  return {
    signUp: async (input, now) => signUp(db, input, now),
    sendRestockEmails: async (websiteId, requests, now) => sendRestockEmails(db, websiteId, requests, now),
  };
}
