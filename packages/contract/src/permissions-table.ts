import { ACTIONS, AREAS, PERMISSIONS } from './permissions';
import { ROLE_IDS, ROLE_KEYS } from './roles';

/** Renders the permission table as Markdown (docs/permissions.md embeds it; a test keeps them equal). */
export function renderPermissionsTable(): string {
  const header = `| area | ${ROLE_IDS.map((id) => `${ROLE_KEYS[id]} (${id})`).join(' | ')} |`;
  const rule = `|---|${ROLE_IDS.map(() => '---').join('|')}|`;
  const rows = AREAS.map((area) => {
    const cells = ROLE_IDS.map((id) => {
      const actions = PERMISSIONS[area][id];
      if (actions.length === 0) return '—';
      if (actions.length === ACTIONS.length) return 'all';
      return actions.join(', ');
    });
    return `| ${area} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
