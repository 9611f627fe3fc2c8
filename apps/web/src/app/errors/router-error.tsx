import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApplicationError, describeError } from './application-error';

export function RouterError() {
  const error = useRouteError();
  const reason = isRouteErrorResponse(error) ? error.statusText || String(error.status) : describeError(error);
  return <ApplicationError reason={reason} />;
}
