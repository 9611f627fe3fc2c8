import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { useUser } from '../../../features/users/api/get-user';
import { UserInfoSection } from '../../../features/users/components/user-info-section';
import { parseApiError, useApiErrorMessage } from '../../../lib/api-error';

export default function UserDetailRoute() {
  const { t } = useTranslation(['users']);
  const { id = '' } = useParams();
  const apiErrorMessage = useApiErrorMessage();
  const userQuery = useUser(id);

  let content = <Spinner />;
  if (userQuery.isError) {
    const isMissing = ['NOT_FOUND', 'VALIDATION_FAILED'].includes(parseApiError(userQuery.error).code);
    content = <FormError>{isMissing ? t('users:detail.notFound') : apiErrorMessage(userQuery.error)}</FormError>;
  } else if (userQuery.data) {
    content = <UserInfoSection user={userQuery.data} />;
  }

  return (
    <div className="flex flex-col gap-4">
      <Link to="/user" className="self-start text-sm text-gray-700 underline hover:no-underline dark:text-gray-300">
        {t('users:detail.back')}
      </Link>
      {content}
    </div>
  );
}
