/**
 * Who is signed in on a request, looked up once as it arrives (issue 25): the owner cookie through
 * `stores.ownerSessions`, the customer cookie through `stores.siteUserSessions`, both at once and only when the
 * cookie is there (a first-time visitor costs nothing). Pages, guards and the tracker then ask synchronously
 * (`requestContributor`, `signedInSiteUser`), on either database. A session opened or closed by this request is
 * seen from the next one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommerceStores } from '../db/stores.js';
import { OWNER_COOKIE, rememberContributor } from '../owner/sessions.js';
import { rememberSiteUser, SITE_USER_COOKIE } from '../site-users/sessions.js';

export function installSessionLookups(app: FastifyInstance, stores: Pick<CommerceStores, 'ownerSessions' | 'siteUserSessions'>, now: () => number = Date.now): void {
  app.addHook('onRequest', async (request) => {
    const cookies = request.cookies as FastifyRequest['cookies'] | undefined;
    const owner = cookies?.[OWNER_COOKIE];
    const customer = cookies?.[SITE_USER_COOKIE];
    if (owner === undefined && customer === undefined) return;
    const at = now();
    const [contributor, user] = await Promise.all([
      owner === undefined ? undefined : stores.ownerSessions.contributor(owner, at),
      customer === undefined ? undefined : stores.siteUserSessions.siteUser(customer, at),
    ]);
    if (contributor !== undefined) rememberContributor(request, contributor);
    if (user !== undefined) rememberSiteUser(request, user);
  });
}
