import { AUDIT_ACTIONS } from '@gerbang/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** An action's translation key is its name in AUDIT_ACTIONS (the name itself has dots, which i18next nests). */
const KEY_OF_ACTION = new Map<string, string>(Object.entries(AUDIT_ACTIONS).map(([key, name]) => [name, key]));

/**
 * What the audit page calls an action and an entity type. An entry written under a name since
 * retired shows the name itself.
 */
export function useAuditLabels() {
  const { t } = useTranslation(['audit']);
  return useMemo(
    () => ({
      action(name: string): string {
        const key = KEY_OF_ACTION.get(name);
        return key ? t(`audit:actions.${key}`) : name;
      },
      targetType(type: string | null): string {
        return type ? t(`audit:targetTypes.${type}`, { defaultValue: type }) : '—';
      },
    }),
    [t],
  );
}
