import { ACTIONS, AREAS, type Area, PERMISSIONS, ROLE_IDS, ROLE_KEYS } from '@gerbang/contract';
import { useTranslation } from 'react-i18next';
import { Table, type TableColumn } from '../../../components/ui/table';

/**
 * The contract's permission table as the page shows it: an area per row, a role per column, each
 * cell the actions that role may take there. Read from PERMISSIONS itself, the table the server
 * enforces, so the page cannot say other than what the server does.
 */
export function PermissionMatrix() {
  const { t } = useTranslation(['permissions']);

  function actionsText(area: Area, roleId: (typeof ROLE_IDS)[number]) {
    const actions = PERMISSIONS[area][roleId];
    if (actions.length === 0) {
      return (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('permissions:matrix.none')}</span>
        </>
      );
    }
    if (actions.length === ACTIONS.length) return t('permissions:matrix.all');
    return actions.map((action) => t(`permissions:actions.${action}`)).join(', ');
  }

  const columns: TableColumn<Area>[] = [
    {
      key: 'area',
      header: t('permissions:matrix.area'),
      cell: (area) => <span className="font-medium">{t(`permissions:areas.${area}`)}</span>,
    },
    ...ROLE_IDS.map(
      (roleId): TableColumn<Area> => ({
        key: `role-${roleId}`,
        header: t(`common:roles.${ROLE_KEYS[roleId]}`),
        cell: (area) => actionsText(area, roleId),
      }),
    ),
  ];

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="permission-matrix-heading" className="flex flex-col gap-4">
        <h2 id="permission-matrix-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('permissions:matrix.heading')}
        </h2>
        <Table
          columns={columns}
          rows={[...AREAS]}
          getRowKey={(area) => area}
          emptyMessage=""
          caption={t('permissions:matrix.caption')}
        />
      </section>
      <section aria-labelledby="permission-legend-heading" className="flex flex-col gap-2">
        <h2 id="permission-legend-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('permissions:legend.heading')}
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {ACTIONS.map((action) => (
            <div key={action} className="contents">
              <dt className="font-medium">{t(`permissions:actions.${action}`)}</dt>
              <dd className="text-gray-700 dark:text-gray-300">{t(`permissions:legend.${action}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
