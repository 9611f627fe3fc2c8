import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** What a keyset-paginated list's query says about its next page (TanStack's infinite query). */
type NextPage = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** "Load more" under a keyset-paginated list, shown while the server says there is a next page. */
export function LoadMoreButton({ query }: { query: NextPage }) {
  const { t } = useTranslation('common');
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className="self-center"
      isLoading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {t('common:loadMore')}
    </Button>
  );
}
