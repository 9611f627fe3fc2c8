import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { useApiErrorMessage } from '../../../lib/api-error';
import { useChangeSavedViews, useSavedViews } from '../api/saved-views';

/**
 * A list page's saved views (its filters, as its address carries them): open one, save the filters
 * now shown under a name, make one the page's default (opened when the address names no filter),
 * delete one. Each user's own.
 */
export function SavedViews() {
  const { t } = useTranslation(['console', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const apiErrorMessage = useApiErrorMessage();
  const page = location.pathname;
  const views = useSavedViews(page);
  const change = useChangeSavedViews(page);
  const items = views.data ?? [];
  const current = items.find((view) => view.query === location.search);

  // The default view, once, when the page opens with no filter in its address.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !views.data) return;
    opened.current = true;
    const preferred = views.data.find((view) => view.isDefault);
    if (preferred && location.search === '' && preferred.query !== '') {
      navigate({ pathname: page, search: preferred.query }, { replace: true });
    }
  }, [views.data, location.search, navigate, page]);

  const fail = (error: unknown) => toast.error(apiErrorMessage(error));
  const save = async () => {
    const name = await confirm({
      title: t('console:savedViews.saveTitle'),
      message: t('console:savedViews.saveMessage'),
      confirmText: t('console:savedViews.save'),
      cancelText: t('common:actions.cancel'),
      inputLabel: t('console:savedViews.name'),
      inputMaxLength: 60,
      isRequiredInput: true,
    });
    if (typeof name !== 'string' || name.trim() === '') return;
    change.save.mutate(
      { name: name.trim(), query: location.search },
      { onSuccess: () => toast.success(t('console:savedViews.saved', { name: name.trim() })), onError: fail },
    );
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="w-56">
        <Select
          label={t('console:savedViews.label')}
          name="savedView"
          value={current?.id ?? ''}
          onChange={(event) => {
            const chosen = items.find((view) => view.id === event.target.value);
            navigate({ pathname: page, search: chosen?.query ?? '' });
          }}
          options={[
            { value: '', label: current ? t('console:savedViews.none') : t('console:savedViews.unsaved') },
            ...items.map((view) => ({
              value: view.id,
              label: view.isDefault ? t('console:savedViews.defaultName', { name: view.name }) : view.name,
            })),
          ]}
        />
      </div>
      <Button variant="secondary" onClick={() => void save()} disabled={change.save.isPending}>
        {t('console:savedViews.save')}
      </Button>
      {current ? (
        <>
          <Button
            variant="ghost"
            aria-pressed={current.isDefault}
            onClick={() =>
              change.setDefault.mutate({ id: current.id, isDefault: !current.isDefault }, { onError: fail })
            }
          >
            {t(current.isDefault ? 'console:savedViews.isDefault' : 'console:savedViews.makeDefault')}
          </Button>
          <Button variant="ghost" onClick={() => change.remove.mutate(current.id, { onError: fail })}>
            {t('console:savedViews.delete')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
