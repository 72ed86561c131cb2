/**
 * Settings (/config/settings): the list of the site's settings screens, each shown only to the roles that read
 * it (the session's permissions, server/owner/roles.ts), as the bar shows only the screens a role opens.
 */
import { Link } from '../../router.js';
import { Screen } from '../../screen.js';
import { useSession } from '../../session.js';
import { SETTINGS_SCREENS } from './settings-screens.js';

export function Settings() {
  const session = useSession();
  const permissions = session.kind === 'signed-in' ? session.contributor.permissions : [];
  const allowed = SETTINGS_SCREENS.filter((s) => permissions?.includes(s.permission) ?? true);
  return (
    <Screen title="Settings">
      <ul className="links">
        {allowed.map((s) => (
          <li key={s.path}>
            <Link href={s.path}>{s.label}</Link>
            <p>{s.about}</p>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
